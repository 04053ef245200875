/** A game as lists and the game page's header show it, and the GraphQL fields that read it. */
export interface GameSummary {
  id: string;
  module: string;
  scenario: string;
  status: string;
  isPublic: boolean;
  allowMultiSeat: boolean;
  step: number;
  deadline: string | null;
  /** One of my sides owes a submission now. */
  iOwe: boolean;
  myOwedSides: string[];
  seats: { side: string; user: { username: string } }[];
  timeControl: { preset: string; stepSeconds: number | null };
  /** Set at creation (plain text; empty for games older than titles). */
  title: string;
  /** Seats of a running game offered to anyone or to me by name (asked only in the offered list). */
  offeredSides?: string[];
}

export const SUMMARY =
  'id title module scenario status isPublic allowMultiSeat step deadline iOwe myOwedSides seats { side user { username } } timeControl { preset stepSeconds }';
