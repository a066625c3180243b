/** What the build writes; the oldest of them is the build's age. */
export const BUILD_OUTPUTS: readonly string[];
/** What the build reads. */
export const BUILD_INPUTS: readonly string[];
/** Why a build is needed, or undefined when the build is newer than every input. */
export function buildInputsNewerThanOutputs(root: string): string | undefined;
