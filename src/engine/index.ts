/** The engine: the kernel contract and the rules toolkit every game module imports. */
export * from './contract.js';
export * from './dice.js';
export * from './hexgrid.js';
export * from './tables.js';
export * from './redact.js';
export * from './draw.js';
export * from './hands.js';
