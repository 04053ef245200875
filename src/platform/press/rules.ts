/**
 * The press rules a game's creator picks at creation (the Diplomacy sites' convention): FULL
 * (to everyone, to one side, to several sides), PUBLIC_ONLY (to everyone only) or NONE (no
 * players' press), and whether players may write while a step is in its commit–reveal reveal
 * phase. Spectators' chat is not the players' press: it is open whatever the mode.
 */
import { AppError, type ErrorDetail } from '../errors.js';

export const PRESS_MODES = ['FULL', 'PUBLIC_ONLY', 'NONE'] as const;
export type PressMode = (typeof PRESS_MODES)[number];

export interface PressRules {
  mode: PressMode;
  duringReveal: boolean;
}

export interface PressRulesInput {
  mode?: string | null;
  duringReveal?: boolean | null;
}

export const DEFAULT_PRESS: PressRules = { mode: 'FULL', duringReveal: true };

/** The columns createGame stores (Game.pressMode, Game.pressDuringReveal); bad input refused. */
export function pressColumns(input: PressRulesInput | null | undefined): {
  pressMode: PressMode;
  pressDuringReveal: boolean;
} {
  const rules = checkPressRules(input);
  return { pressMode: rules.mode, pressDuringReveal: rules.duringReveal };
}

export function checkPressRules(input: PressRulesInput | null | undefined): PressRules {
  if (input == null) return DEFAULT_PRESS;
  const details: ErrorDetail[] = [];
  if (typeof input !== 'object' || Array.isArray(input)) {
    details.push({
      code: 'INVALID_PRESS_RULES',
      path: ['input', 'press'],
      message: 'Give an object with mode and duringReveal.',
    });
  } else {
    for (const k of Object.keys(input)) {
      if (k !== 'mode' && k !== 'duringReveal')
        details.push({
          code: 'UNKNOWN_FIELD',
          path: ['input', 'press', k],
          message: 'Press rules have mode and duringReveal only.',
        });
    }
    if (input.mode != null && !(PRESS_MODES as readonly unknown[]).includes(input.mode)) {
      details.push({
        code: 'INVALID_PRESS_MODE',
        path: ['input', 'press', 'mode'],
        message: `Use one of ${PRESS_MODES.join(', ')}.`,
      });
    }
    if (input.duringReveal != null && typeof input.duringReveal !== 'boolean') {
      details.push({ code: 'WRONG_TYPE', path: ['input', 'press', 'duringReveal'], message: 'Give true or false.' });
    }
  }
  if (details.length) throw new AppError('BAD_INPUT', 'The press rules are not valid.', details);
  return {
    mode: (input.mode as PressMode | null | undefined) ?? DEFAULT_PRESS.mode,
    duringReveal: input.duringReveal ?? DEFAULT_PRESS.duringReveal,
  };
}

/** A game row's press rules, as the API shows them. */
export function pressRulesOf(game: { pressMode?: string | null; pressDuringReveal?: boolean | null }): PressRules {
  return {
    mode: (PRESS_MODES as readonly unknown[]).includes(game.pressMode)
      ? (game.pressMode as PressMode)
      : DEFAULT_PRESS.mode,
    duringReveal: game.pressDuringReveal ?? DEFAULT_PRESS.duringReveal,
  };
}
