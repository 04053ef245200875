/**
 * The ids this game's code cites for its rules notes (README.md beside this file), for the notes
 * test (test/rules/rules-notes.test.ts): D- decisions (D-1 is D-01), H- hidden-information entries
 * M- items of missing data and T- worked examples (Planetary, Space, Campaign).
 */
export const citations = {
  pattern: /\b(?:D-\d{1,2}b?|[HM]\d{1,2}|T-[PSC]\d{2})\b/g,
  normalize: (id: string): string => id.replace(/^D-(\d)(?!\d)/, 'D-0$1'),
};
