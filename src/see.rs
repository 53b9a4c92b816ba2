//! Static exchange evaluation: what a capture sequence on one square wins, each side capturing
//! with its least valuable piece and stopping when going on would lose, for move ordering and
//! pruning in search.
//!
//! The rules are Stockfish's `see_ge`: pseudo-legal captures on the destination, sliders behind
//! a capturer joining in (x-rays); while any enemy piece that pins a piece to its king is still
//! on the board, the pieces standing between a king and an enemy slider (as they stood before the
//! move) take no part; the king captures last, and only when no enemy piece attacks the square
//! any more. Castling, en passant and promotions count as an exchange of 0, as Stockfish counts
//! them. Values: [`SEE_VALUES`].

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Role, Square};

/// The piece values of the exchange, by [`Role`] (pawn to king): Stockfish's (pawn 208,
/// knight 781, bishop 825, rook 1276, queen 2538); the king's 0 is never counted (it captures
/// last and is never captured).
pub const SEE_VALUES: [i32; 6] = [208, 781, 825, 1276, 2538, 0];

/// The value of `role` in the exchange.
#[inline]
fn value(role: Role) -> i32 {
    SEE_VALUES[role as usize]
}

/// What stands fixed for one exchange on a square: the pieces standing between each king and
/// an enemy slider, and the enemy sliders that pin a piece of that king's side.
struct Pins {
    /// By colour of the king: the pieces (of either colour) alone between it and an enemy
    /// slider.
    blockers: [Bitboard; 2],
    /// By colour of the king: the enemy sliders that have one of its pieces alone in between.
    pinners: [Bitboard; 2],
}

impl Pins {
    fn new(board: &Board) -> Pins {
        let mut pins = Pins {
            blockers: [Bitboard::EMPTY; 2],
            pinners: [Bitboard::EMPTY; 2],
        };
        for color in Color::ALL {
            let king = board.king(color);
            let theirs = board.colored(color.other());
            let snipers = ((rook_attacks(king, Bitboard::EMPTY) & board.rook_movers())
                | (bishop_attacks(king, Bitboard::EMPTY) & board.bishop_movers()))
                & theirs;
            let occupied = board.occupied() - snipers;
            for sniper in snipers {
                let between = crate::attacks::between(king, sniper) & occupied;
                if between.any() && !between.has_many() {
                    pins.blockers[color.index()] |= between;
                    if between.any_of(board.colored(color)) {
                        pins.pinners[color.index()] = pins.pinners[color.index()].with(sniper);
                    }
                }
            }
        }
        pins
    }

    /// `side`'s pieces of `attackers` that may take part while `occupied` stands.
    fn allowed(&self, side: Color, attackers: Bitboard, occupied: Bitboard) -> Bitboard {
        if self.pinners[side.index()].any_of(occupied) {
            attackers - self.blockers[side.index()]
        } else {
            attackers
        }
    }
}

/// The least valuable of `side`'s pieces in `among`, with its role.
fn least_valuable(board: &Board, side: Color, among: Bitboard) -> Option<(Role, Square)> {
    Role::ALL.into_iter().find_map(|role| {
        (among & board.colored_pieces(side, role))
            .first()
            .map(|sq| (role, sq))
    })
}

impl Board {
    /// Whether the exchange `mv` starts on its destination wins at least `threshold` for the
    /// side to move (see the module rules and [`SEE_VALUES`]): Stockfish's `see_ge`. Search
    /// prunes captures with `!board.see_ge(mv, 0)`. `mv` should be a legal move here.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// // Rxe5 wins a pawn: nothing defends it.
    /// let board: Board = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1".parse()?;
    /// let rxe5 = board.parse_uci("e1e5")?;
    /// assert!(board.see_ge(rxe5, 208) && !board.see_ge(rxe5, 209));
    /// // Nxe5 loses the knight for a pawn: Nxe5 Nxe5 Rxe5 Bxe5 Qxe5 ... the queen's defence.
    /// let board: Board = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1".parse()?;
    /// let nxe5 = board.parse_uci("d3e5")?;
    /// assert!(!board.see_ge(nxe5, 0));
    /// assert_eq!(board.see(nxe5), 208 - 781);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if mv.kind() != MoveKind::Normal {
            return 0 >= threshold;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.role_at(from) else {
            return 0 >= threshold;
        };
        let victim = self
            .role_at(to)
            .filter(|_| !self.colored(self.side_to_move()).contains(to));
        // `swap` is what the side that just captured may lose and still reach the threshold.
        let mut swap = victim.map_or(0, value) - threshold;
        if swap < 0 {
            return false;
        }
        swap = value(mover) - swap;
        if swap <= 0 {
            return true;
        }
        let pins = Pins::new(self);
        let mut occupied = self.occupied().without(from).without(to);
        let mut side = self.side_to_move();
        let mut attackers = self.attackers_to(to, occupied);
        // 1 while the side to move reaches the threshold.
        let mut reached = true;
        let diagonal = self.bishop_movers();
        let orthogonal = self.rook_movers();
        loop {
            side = side.other();
            attackers &= occupied;
            let ours = pins.allowed(side, attackers & self.colored(side), occupied);
            let Some((role, sq)) = least_valuable(self, side, ours) else {
                break;
            };
            reached = !reached;
            if role == Role::King {
                // The king may capture only when nothing defends the square.
                return if (attackers - self.colored(side)).any() {
                    !reached
                } else {
                    reached
                };
            }
            swap = value(role) - swap;
            if swap < i32::from(reached) {
                break;
            }
            occupied = occupied.without(sq);
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen) {
                attackers |= rook_attacks(to, occupied) & orthogonal;
            }
        }
        reached
    }

    /// What the exchange `mv` starts on its destination wins for the side to move, by the
    /// rules of [`Board::see_ge`] (0 for castling, en passant and promotions): `see_ge(mv, t)`
    /// holds exactly for the thresholds `t` up to `see(mv)`. Costs about as much as one
    /// `see_ge`; a search that only compares against a bound should call `see_ge`.
    ///
    /// ```
    /// use movegen::{Board, SEE_VALUES};
    ///
    /// let [pawn, knight, bishop, ..] = SEE_VALUES;
    /// // Bxd5: the pawn is defended by the e6 pawn, so a bishop goes for a pawn.
    /// let board: Board = "4k3/8/4p3/3p4/8/8/6B1/4K3 w - - 0 1".parse()?;
    /// assert_eq!(board.see(board.parse_uci("g2d5")?), pawn - bishop);
    /// // Nxd5: nothing defends d5 now; a pawn won.
    /// let board: Board = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1".parse()?;
    /// assert_eq!(board.see(board.parse_uci("e3d5")?), pawn);
    /// // A quiet move onto a square the enemy knight covers loses the piece.
    /// let board: Board = "4k3/8/8/8/8/2n5/8/4KB2 w - - 0 1".parse()?;
    /// assert_eq!(board.see(board.parse_uci("f1b5")?), -bishop);
    /// assert_eq!(knight, 781);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn see(&self, mv: Move) -> i32 {
        if mv.kind() != MoveKind::Normal {
            return 0;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.role_at(from) else {
            return 0;
        };
        let victim = self
            .role_at(to)
            .filter(|_| !self.colored(self.side_to_move()).contains(to));
        // gain[d]: what the capture at depth d wins if the exchange stopped right after it.
        let mut gain = [0i32; 34];
        gain[0] = victim.map_or(0, value);
        let mut on_square = value(mover);
        let pins = Pins::new(self);
        let mut occupied = self.occupied().without(from).without(to);
        let mut side = self.side_to_move();
        let mut attackers = self.attackers_to(to, occupied);
        let (diagonal, orthogonal) = (self.bishop_movers(), self.rook_movers());
        let mut depth = 0;
        while depth + 1 < gain.len() {
            side = side.other();
            attackers &= occupied;
            let ours = pins.allowed(side, attackers & self.colored(side), occupied);
            let Some((role, sq)) = least_valuable(self, side, ours) else {
                break;
            };
            if role == Role::King && (attackers - self.colored(side)).any() {
                break;
            }
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            on_square = value(role);
            occupied = occupied.without(sq);
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen) {
                attackers |= rook_attacks(to, occupied) & orthogonal;
            }
        }
        // Each side after the first capture may stop instead of capturing.
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }
}
