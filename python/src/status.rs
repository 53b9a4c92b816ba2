//! python-chess's `Board.status()`: the bits that say what is wrong with a setup, computed
//! from the placement, side to move, castling rights and en-passant square, valid board or
//! not, by the rules of python-chess 1.11.

use crate::board::PyBoard;
use crate::query::Placement;
use movegen::{CastlingSide, Color, Role, Square};

const NO_WHITE_KING: u32 = 1 << 0;
const NO_BLACK_KING: u32 = 1 << 1;
const TOO_MANY_KINGS: u32 = 1 << 2;
const TOO_MANY_WHITE_PAWNS: u32 = 1 << 3;
const TOO_MANY_BLACK_PAWNS: u32 = 1 << 4;
const PAWNS_ON_BACKRANK: u32 = 1 << 5;
const TOO_MANY_WHITE_PIECES: u32 = 1 << 6;
const TOO_MANY_BLACK_PIECES: u32 = 1 << 7;
const BAD_CASTLING_RIGHTS: u32 = 1 << 8;
const INVALID_EP_SQUARE: u32 = 1 << 9;
const OPPOSITE_CHECK: u32 = 1 << 10;
const EMPTY: u32 = 1 << 11;
const TOO_MANY_CHECKERS: u32 = 1 << 15;
const IMPOSSIBLE_CHECK: u32 = 1 << 16;

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// What a board's `status()` reads: the setup as python-chess holds it.
struct Setup {
    placement: Placement,
    turn: Color,
    castling: u64,
    ep: Option<Square>,
    chess960: bool,
    /// A move stack: python-chess then takes the castling rights as clean.
    in_game: bool,
}

fn count(mask: u64) -> u32 {
    mask.count_ones()
}

impl Setup {
    fn of(board: &PyBoard) -> Setup {
        let setup = board.builder();
        let mut castling = 0;
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(rook) = setup.castling(color, side) {
                    castling |= 1u64 << rook.index();
                }
            }
        }
        Setup {
            placement: board.placement(),
            turn: setup.side_to_move(),
            castling,
            ep: setup.en_passant(),
            chess960: board.chess960_mode(),
            // A board being set up has no such guarantee, whatever its stack: its rights
            // are what they are (python-chess would then list castling moves without a rook).
            in_game: !board.stack.is_empty() && board.setup.is_none(),
        }
    }

    fn of_color(&self, color: Color, role: Role) -> u64 {
        self.placement.colors[color.index()] & self.placement.roles[role.index()]
    }

    fn occupied(&self) -> u64 {
        self.placement.colors[0] | self.placement.colors[1]
    }

    /// python-chess's `clean_castling_rights()`.
    fn clean_castling(&self) -> u64 {
        if self.in_game {
            return self.castling;
        }
        let rooks = self.castling & self.placement.roles[Role::Rook.index()];
        let mut white = rooks & RANK_1 & self.placement.colors[Color::White.index()];
        let mut black = rooks & RANK_8 & self.placement.colors[Color::Black.index()];
        let white_kings = self.of_color(Color::White, Role::King);
        let black_kings = self.of_color(Color::Black, Role::King);
        if !self.chess960 {
            white &= 1 | 1 << 7;
            black &= 1 << 56 | 1 << 63;
            if white_kings & 1 << 4 == 0 {
                white = 0;
            }
            if black_kings & 1 << 60 == 0 {
                black = 0;
            }
            return white | black;
        }
        let side = |castling: u64, kings: u64| -> u64 {
            if kings == 0 || castling == 0 {
                return 0;
            }
            let king = 63 - kings.leading_zeros();
            let a_side = castling & castling.wrapping_neg();
            let h_side = 1u64 << (63 - castling.leading_zeros());
            let a = if a_side.trailing_zeros() > king {
                0
            } else {
                a_side
            };
            let h = if h_side.trailing_zeros() < king {
                0
            } else {
                h_side
            };
            a | h
        };
        side(white, white_kings & RANK_1) | side(black, black_kings & RANK_8)
    }

    /// python-chess's `_valid_ep_square()`.
    fn valid_ep(&self) -> Option<Square> {
        let ep = self.ep.filter(|&sq| sq.index() != 0)?;
        let (rank, pawn, second) = match self.turn {
            Color::White => (5, ep.index().checked_sub(8)?, ep.index() + 8),
            Color::Black => (2, ep.index() + 8, ep.index().checked_sub(8)?),
        };
        let pushed = self.of_color(self.turn.other(), Role::Pawn);
        let ok = ep.rank() as u32 == rank
            && pushed >> pawn & 1 == 1
            && self.occupied() >> ep.index() & 1 == 0
            && second < 64
            && self.occupied() >> second & 1 == 0;
        ok.then_some(ep)
    }

    fn attackers(&self, color: Color, sq: Square, occupied: u64) -> u64 {
        self.placement.attackers(color, sq, occupied)
    }

    fn status(&self) -> u32 {
        let p = &self.placement;
        let (white, black) = (Color::White.index(), Color::Black.index());
        let kings = p.roles[Role::King.index()];
        let pawns = p.roles[Role::Pawn.index()];
        let mut errors = 0;
        if self.occupied() == 0 {
            errors |= EMPTY;
        }
        if p.colors[white] & kings == 0 {
            errors |= NO_WHITE_KING;
        }
        if p.colors[black] & kings == 0 {
            errors |= NO_BLACK_KING;
        }
        if count(self.occupied() & kings) > 2 {
            errors |= TOO_MANY_KINGS;
        }
        if count(p.colors[white]) > 16 {
            errors |= TOO_MANY_WHITE_PIECES;
        }
        if count(p.colors[black]) > 16 {
            errors |= TOO_MANY_BLACK_PIECES;
        }
        if count(p.colors[white] & pawns) > 8 {
            errors |= TOO_MANY_WHITE_PAWNS;
        }
        if count(p.colors[black] & pawns) > 8 {
            errors |= TOO_MANY_BLACK_PAWNS;
        }
        if pawns & (RANK_1 | RANK_8) != 0 {
            errors |= PAWNS_ON_BACKRANK;
        }
        if self.castling != self.clean_castling() {
            errors |= BAD_CASTLING_RIGHTS;
        }
        let valid_ep = self.valid_ep();
        if self.ep.filter(|sq| sq.index() != 0) != valid_ep {
            errors |= INVALID_EP_SQUARE;
        }
        let occupied = self.occupied();
        if let Some(king) = p.king(self.turn.other())
            && self.attackers(self.turn, king, occupied) != 0
        {
            errors |= OPPOSITE_CHECK;
        }
        let checkers = p
            .king(self.turn)
            .map_or(0, |king| self.attackers(self.turn.other(), king, occupied));
        let our_kings = self.of_color(self.turn, Role::King);
        if checkers != 0 {
            let n = count(checkers);
            if n > 2 {
                errors |= TOO_MANY_CHECKERS;
            }
            let highest = 63 - checkers.leading_zeros();
            let impossible = match valid_ep {
                Some(ep) => {
                    let pushed_to = ep.index() ^ 8;
                    let pushed_from = ep.index() ^ 24;
                    let before = (occupied & !(1u64 << pushed_to)) | 1u64 << pushed_from;
                    n > 1
                        || (highest as usize != pushed_to
                            && squares(our_kings)
                                .any(|k| self.attackers(self.turn.other(), k, before) != 0))
                }
                None => {
                    n > 2
                        || (n == 2
                            && movegen::line(
                                Square::new(checkers.trailing_zeros()),
                                Square::new(highest),
                            )
                            .0 & our_kings
                                != 0)
                }
            };
            if impossible {
                errors |= IMPOSSIBLE_CHECK;
            }
        }
        errors
    }
}

fn squares(mut mask: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let sq = Square::new(mask.trailing_zeros());
            mask &= mask - 1;
            sq
        })
    })
}

/// The board's `status()` bits.
pub(crate) fn status(board: &PyBoard) -> u32 {
    Setup::of(board).status()
}

/// python-chess's `clean_castling_rights()` of the board: its rights whose king and rook
/// stand where castling needs them.
pub(crate) fn clean_castling_rights(board: &PyBoard) -> u64 {
    Setup::of(board).clean_castling()
}
