/**
 * English draughts (American checkers, 8x8), Storm-free: what the distributed perft and parallel search
 * bolts call.
 *
 * <ul>
 * <li>{@link io.stormsim.checkers.Position}, {@link io.stormsim.checkers.Fen}: positions as bitboards with a
 * Zobrist hash, read from and written to PDN FEN.
 * <li>{@link io.stormsim.checkers.MoveGenerator}, {@link io.stormsim.checkers.Move}: legal moves as packed longs
 * in per-ply buffers.
 * <li>{@link io.stormsim.checkers.Perft}, {@link io.stormsim.checkers.PerftJobs}: perft with bulk counting (and an
 * optional table); the tree split at a ply into jobs whose counts sum to perft exactly, per root move too.
 * <li>{@link io.stormsim.checkers.Search}, {@link io.stormsim.checkers.RootDriver}: alpha-beta with quiescence
 * and a pluggable {@link io.stormsim.checkers.TranspositionTable} ({@link io.stormsim.checkers.LocalTable}, or
 * {@link io.stormsim.checkers.PartitionedTable}'s semantics of one split across searchers); root and
 * depth-2 moves as jobs, young brothers waiting, combining to the sequential score exactly.
 * </ul>
 */
package io.stormsim.checkers;
