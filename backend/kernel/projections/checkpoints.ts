/** The read-model collection of every projection's position in the log. */
export const CHECKPOINTS = '_checkpoints';
