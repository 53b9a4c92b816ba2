//! Staged generation for search: noisy moves (captures, en passant, promotions) first, quiet
//! moves only when the search gets that far, and the evasions of a position in check.
//!
//! Every stage is legal and comes from the one generator, split by destination: a move is
//! noisy when it lands on an enemy piece, captures en passant, or promotes (quiet promotions
//! included, all four pieces); everything else, castling included, is quiet. The two stages
//! partition the legal moves exactly; when in check they partition the evasions.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList, PieceMoves};
use crate::types::Role;

impl Board {
    /// The noisy legal moves: captures (en passant included) and promotions (all four pieces,
    /// with or without a capture). A quiescence search looks only at these.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1")?;
    /// let noisy: Vec<String> = board.noisy_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(noisy, ["e4d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn noisy_moves(&self) -> MoveList {
        MoveList::filled(|list| self.generate_stage(true, list))
    }

    /// The quiet legal moves: everything [`Board::noisy_moves`] leaves out, castling included.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.quiet_moves().len(), 20);
    /// assert!(board.noisy_moves().is_empty());
    /// ```
    #[must_use]
    pub fn quiet_moves(&self) -> MoveList {
        MoveList::filled(|list| self.generate_stage(false, list))
    }

    /// The legal moves out of check when the side to move is in check (every legal move is
    /// then an evasion), and an empty list otherwise. The noisy and quiet stages split the
    /// evasions too.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board: Board = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse()?;
    /// let evasions = board.evasions();
    /// assert_eq!(evasions.len(), 3); // Kxe2, Kd1, Kf1
    /// assert!(Board::startpos().evasions().is_empty());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn evasions(&self) -> MoveList {
        if self.in_check() {
            self.legal_moves()
        } else {
            MoveList::new()
        }
    }

    /// The noisy and the quiet legal moves in one generation: the same two lists as
    /// [`Board::noisy_moves`] and [`Board::quiet_moves`], for a search that wants captures
    /// first and quiet moves after without paying for two generations.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// let (noisy, quiet) = board.noisy_and_quiet_moves();
    /// assert_eq!((noisy.len(), quiet.len()), (8, 40));
    /// assert_eq!(noisy, board.noisy_moves());
    /// assert_eq!(quiet, board.quiet_moves());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn noisy_and_quiet_moves(&self) -> (MoveList, MoveList) {
        let theirs = self.colored(self.side_to_move().other());
        let mut noisy = MoveList::new();
        let mut quiet = MoveList::new();
        self.generate_moves(|moves| {
            let part = noisy_targets(&moves, theirs);
            // SAFETY: a part of the generator's targets, which never hold their own square.
            unsafe {
                noisy.extend_generated(PieceMoves {
                    to: part,
                    special: moves.special & part,
                    ..moves
                })
            };
            let rest = moves.to & !part;
            // SAFETY: a part of the generator's targets, which never hold their own square.
            unsafe {
                quiet.extend_generated(PieceMoves {
                    to: rest,
                    special: moves.special & rest,
                    ..moves
                })
            };
            false
        });
        (noisy, quiet)
    }

    /// The role `mv` captures here: the piece on its destination, a pawn for en passant,
    /// nothing for castling (whose destination holds our own rook) or a quiet move. For move
    /// ordering; `mv` should be a legal move of this position.
    ///
    /// ```
    /// use movegen::{Board, Role};
    ///
    /// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(board.captured(board.parse_uci("e5f7")?), Some(Role::Pawn));
    /// assert_eq!(board.captured(board.parse_uci("d5e6")?), Some(Role::Pawn));
    /// assert_eq!(board.captured(board.parse_uci("e1g1")?), None); // h1 holds our rook
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn captured(&self, mv: Move) -> Option<Role> {
        match mv.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castling => None,
            _ if self.colored(self.side_to_move().other()).contains(mv.to()) => {
                self.role_at(mv.to())
            }
            _ => None,
        }
    }

    /// Appends the noisy or the quiet part of every piece's moves to `list`.
    fn generate_stage(&self, noisy: bool, list: &mut MoveList) {
        let theirs = self.colored(self.side_to_move().other());
        self.generate_moves(|moves| {
            let part = noisy_targets(&moves, theirs);
            let to = if noisy { part } else { moves.to & !part };
            // SAFETY: a part of the generator's targets, which never hold their own square.
            unsafe {
                list.extend_generated(PieceMoves {
                    to,
                    special: moves.special & to,
                    ..moves
                })
            };
            false
        });
    }
}

/// The noisy part of a piece's targets: enemy pieces, and for a pawn the back rank and the
/// en-passant square. A king's special targets are castling rooks (its own), never noisy.
#[inline]
fn noisy_targets(moves: &PieceMoves, theirs: Bitboard) -> Bitboard {
    let mut noisy = theirs;
    if moves.role == Role::Pawn {
        noisy |= Bitboard::BACK_RANKS | moves.special;
    }
    moves.to & noisy
}
