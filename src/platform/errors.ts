/**
 * One error shape across the API: a stable code, a sentence, and optional details (for orders,
 * one entry per failing order with its path). Anything else is reported as INTERNAL without
 * internals.
 */
export interface ErrorDetail {
  code: string;
  path: (string | number)[];
  message: string;
  rule?: string;
}

export type ErrorCode =
  | 'BAD_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'INSUFFICIENT_SCOPE'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'USERNAME_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_INVALID'
  | 'REFRESH_TOKEN_REUSED'
  | 'UNKNOWN_MODULE'
  | 'UNKNOWN_SCENARIO'
  | 'INVALID_OPTION'
  | 'GAME_NOT_OPEN'
  | 'GAME_NOT_ACTIVE'
  | 'SIDE_TAKEN'
  | 'UNKNOWN_SIDE'
  | 'NO_FREE_SIDE'
  | 'MULTI_SEAT_FORBIDDEN'
  | 'NOT_INVITED'
  | 'NOT_YOUR_SIDE'
  | 'SIDE_REQUIRED'
  | 'STALE_STEP'
  | 'NOT_OWED'
  | 'INVALID_ORDERS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'PAYLOAD_TOO_LARGE'
  // Trust (commit–reveal, receipts, exports, replays)
  | 'NOT_SECRET'
  | 'ALREADY_SUBMITTED'
  | 'COMMITTED'
  | 'ORDERS_LOCKED'
  | 'NO_COMMITMENT'
  | 'ALREADY_REVEALED'
  | 'REVEAL_NOT_OPEN'
  | 'COMMITMENT_MISMATCH'
  | 'STEP_NOT_AVAILABLE'
  | 'EXPORT_NOT_AVAILABLE'
  // API (HTTP, GraphQL over HTTP, limits)
  | 'BAD_REQUEST'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'METHOD_NOT_ALLOWED'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'INVALID_VARIABLES'
  | 'QUERY_TOO_DEEP'
  | 'QUERY_TOO_COMPLEX'
  | 'PERSISTED_QUERY_NOT_FOUND'
  | 'PERSISTED_QUERY_NOT_SUPPORTED'
  | 'PERSISTED_QUERY_MISMATCH'
  | 'RATE_LIMITED'
  // Time control: votes, admin actions, vacations, seats
  | 'NOT_A_PLAYER'
  | 'VOTE_ALREADY_OPEN'
  | 'VOTE_CLOSED'
  | 'ALREADY_VOTED'
  | 'VACATION_OVERLAP'
  | 'VACATION_BANK_EXCEEDED'
  | 'SEAT_NOT_OFFERED'
  // Accounts
  | 'LINK_INVALID'
  | 'LINK_EXPIRED'
  | 'LINK_USED'
  | 'BLOCKED'
  // Finding a game (discovery.ts): the game's joining requirement
  | 'RELIABILITY_TOO_LOW'
  // Press (src/platform/press); a blocked sender gets BLOCKED (above)
  | 'PRESS_OFF'
  | 'PRESS_NOT_ALLOWED'
  | 'PRESS_CLOSED'
  // Notifications
  | 'NOT_CONFIGURED'
  | 'WEBHOOK_DISABLED'
  // PostgreSQL or Redis down or restarting (outage.ts): retry shortly
  | 'UNAVAILABLE'
  | 'INTERNAL';

const STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_INPUT: 400,
  INVALID_ORDERS: 422,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  REFRESH_TOKEN_REUSED: 401,
  FORBIDDEN: 403,
  BLOCKED: 403,
  LINK_INVALID: 400,
  LINK_EXPIRED: 410,
  LINK_USED: 410,
  INSUFFICIENT_SCOPE: 403,
  NOT_YOUR_SIDE: 403,
  NOT_INVITED: 403,
  NOT_A_PLAYER: 403,
  RELIABILITY_TOO_LOW: 403,
  PRESS_OFF: 403,
  PRESS_NOT_ALLOWED: 403,
  VACATION_BANK_EXCEEDED: 422,
  NOT_FOUND: 404,
  STEP_NOT_AVAILABLE: 404,
  EXPORT_NOT_AVAILABLE: 403,
  COMMITMENT_MISMATCH: 422,
  UNKNOWN_MODULE: 404,
  UNKNOWN_SCENARIO: 404,
  PAYLOAD_TOO_LARGE: 413,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  INVALID_VARIABLES: 400,
  QUERY_TOO_DEEP: 400,
  QUERY_TOO_COMPLEX: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  PERSISTED_QUERY_NOT_SUPPORTED: 400,
  PERSISTED_QUERY_MISMATCH: 400,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.code] ?? 409;
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, ...this.extra };
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
