/**
 * The ids this game's code cites for its rules notes (README.md beside this file), for the notes
 * test (test/rules/rules-notes.test.ts). Rules are cited by their printed numbers (7.61); notes by
 * C- (contradiction), G- (gap or question) and H- (hidden information) ids, and worked examples
 * by T-number in test names. Unit ids such as 'C:G1', 'C:T1' or 'H:2/R' follow a colon or slash
 * and are not citations; nor is the far end of a range ('T1-T4').
 */
export const citations = {
  pattern: /(?<![:\w/.-])[CGHT]\d{1,2}\b/g,
  normalize: (id: string): string => id,
};
