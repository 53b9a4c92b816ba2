//! Perft with breakdown statistics, counted as the Chess Programming Wiki "Perft Results" tables
//! count them: at the leaf moves only. Every leaf move is played and classified, so this is a
//! separate, slower path; the plain perft pays nothing for it.

use crate::board::{Board, CastlingSide};
use crate::moves::{Move, MoveKind};
use crate::types::Square;
use core::ops::{Add, AddAssign};

/// Leaf moves of a perft, by kind.
///
/// ```
/// use movegen::{Board, Stats, perft_stats};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let stats: Stats = perft_stats(&board, 1);
/// assert_eq!((stats.nodes, stats.captures, stats.castles), (48, 8, 2));
/// assert_eq!(stats.fields()[0], ("nodes", 48));
/// assert_eq!((stats + stats).nodes, 96);
/// # Ok::<(), movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Leaf nodes (1 at depth 0).
    pub nodes: u64,
    /// Captures, en passant included.
    pub captures: u64,
    /// En-passant captures.
    pub en_passant: u64,
    /// Castling moves.
    pub castles: u64,
    /// Promotions (each of the four pieces counts).
    pub promotions: u64,
    /// Moves after which the side to move is in check (mates included).
    pub checks: u64,
    /// Checks by exactly one piece that is not the moved piece (for castling, the rook is the
    /// moved piece).
    pub discovery_checks: u64,
    /// Checks by two pieces.
    pub double_checks: u64,
    /// Checks after which the side to move has no legal move.
    pub checkmates: u64,
}

impl Stats {
    /// The counts as `(name, value)` pairs, in the column order of `perft.csv`.
    #[must_use]
    pub fn fields(&self) -> [(&'static str, u64); 9] {
        [
            ("nodes", self.nodes),
            ("captures", self.captures),
            ("ep", self.en_passant),
            ("castles", self.castles),
            ("promotions", self.promotions),
            ("checks", self.checks),
            ("discovery_checks", self.discovery_checks),
            ("double_checks", self.double_checks),
            ("checkmates", self.checkmates),
        ]
    }
}

impl Add for Stats {
    type Output = Stats;
    fn add(self, o: Stats) -> Stats {
        Stats {
            nodes: self.nodes + o.nodes,
            captures: self.captures + o.captures,
            en_passant: self.en_passant + o.en_passant,
            castles: self.castles + o.castles,
            promotions: self.promotions + o.promotions,
            checks: self.checks + o.checks,
            discovery_checks: self.discovery_checks + o.discovery_checks,
            double_checks: self.double_checks + o.double_checks,
            checkmates: self.checkmates + o.checkmates,
        }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        *self = *self + o;
    }
}

/// Perft of `board` at `depth` with the leaf moves broken down by kind.
///
/// ```
/// use movegen::{Board, perft_stats};
///
/// let stats = perft_stats(&Board::startpos(), 3);
/// assert_eq!((stats.nodes, stats.captures, stats.checks, stats.checkmates), (8902, 34, 12, 0));
/// assert_eq!(perft_stats(&Board::startpos(), 0).nodes, 1);
/// ```
#[must_use]
pub fn perft_stats(board: &Board, depth: u32) -> Stats {
    if depth == 0 {
        return Stats {
            nodes: 1,
            ..Stats::default()
        };
    }
    let mut stats = Stats::default();
    for &mv in board.legal_moves().iter() {
        let child = board.play_unchecked(mv);
        stats += if depth == 1 {
            classify(board, mv, &child)
        } else {
            perft_stats(&child, depth - 1)
        };
    }
    stats
}

/// The statistics of the subtree below the legal move `mv` of `board`, `depth` plies from
/// `board` (so `mv` itself is the leaf move at depth 1): one root move's share of
/// [`perft_stats`], which a divide by root move needs. The child position alone cannot give
/// it at depth 1, since the counts classify the leaf moves. Depth 0 has no moves: the default
/// (all zero).
///
/// ```
/// use movegen::Board;
/// use movegen::perft::perft_stats_move;
///
/// // Kiwipete: 8 of its 48 moves capture (published).
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let captures: u64 = board.legal_moves().into_iter().map(|mv| perft_stats_move(&board, mv, 1).captures).sum();
/// assert_eq!(captures, 8);
/// # Ok::<(), movegen::FenError>(())
/// ```
#[must_use]
pub fn perft_stats_move(board: &Board, mv: Move, depth: u32) -> Stats {
    match depth {
        0 => Stats::default(),
        1 => classify(board, mv, &board.play_unchecked(mv)),
        _ => perft_stats(&board.play_unchecked(mv), depth - 1),
    }
}

/// The kind of the leaf move `mv` from `board`, which led to `child`.
fn classify(board: &Board, mv: Move, child: &Board) -> Stats {
    let them = board.side_to_move().other();
    let kind = mv.kind();
    let mut stats = Stats {
        nodes: 1,
        captures: u64::from(
            kind == MoveKind::EnPassant
                || (kind != MoveKind::Castling && board.colored(them).contains(mv.to())),
        ),
        en_passant: u64::from(kind == MoveKind::EnPassant),
        castles: u64::from(kind == MoveKind::Castling),
        promotions: u64::from(mv.promotion().is_some()),
        ..Stats::default()
    };
    let checkers = child.checkers();
    if checkers.any() {
        stats.checks = 1;
        if checkers.has_many() {
            stats.double_checks = 1;
        } else if checkers.first() != Some(moved_piece_square(mv)) {
            stats.discovery_checks = 1;
        }
        stats.checkmates = u64::from(!child.has_legal_moves());
    }
    stats
}

/// Where the moved piece stands after `mv`; for castling, the rook.
fn moved_piece_square(mv: Move) -> Square {
    if mv.is_castling() {
        let side = if mv.to() > mv.from() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        Square::from_coords(side.rook_file(), mv.from().rank())
    } else {
        mv.to()
    }
}
