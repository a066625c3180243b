// Where a start spends its time, phase by phase, in milliseconds since the process began (Node's
// own clock: the module loading before main() runs counts too). main.ts logs them at debug level
// once the server listens, so a slow start can be read off one log line (LOG_LEVEL=debug).

const phases: Record<string, number> = {};

/** Notes that `phase` ended now. */
export function startupPhase(phase: string): void {
  phases[phase] = Math.round(performance.now());
}

/** The phases noted so far, in the order they ended. */
export function startupPhases(): Readonly<Record<string, number>> {
  return { ...phases };
}
