// The recovery codes as a plain-text file the user keeps: who and when they are for,
// how to use them, then one code a line. Built in the browser; the codes never travel again.

export interface RecoveryCodesFileTexts {
  /** First line, naming the account, e.g. "Caredeck recovery codes for ann@example.org". */
  title: string;
  /** When the codes were created, already formatted for the reader. */
  created: string;
  /** How to use them, one line each. */
  instructions: string[];
}

export const RECOVERY_CODES_FILE_NAME = 'caredeck-recovery-codes.txt';

export function recoveryCodesFileText(codes: readonly string[], texts: RecoveryCodesFileTexts): string {
  return [texts.title, texts.created, '', ...texts.instructions, '', ...codes, ''].join('\n');
}

/** Offers the text as a download without sending it anywhere (an object URL, revoked at once). */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoke on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
