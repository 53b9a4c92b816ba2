//! Writing a board as FEN, standard or Shredder castling letters.

use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::types::{Color, File, Role, Square};
use core::fmt;

/// Writes the castling field: `-`, or per right (white king side, white queen side, black king
/// side, black queen side) `K`/`Q` when its rook is the outermost on that side of the king and the
/// rook's file letter otherwise (X-FEN; standard FEN for standard positions); with `shredder`,
/// always the file letter (Shredder-FEN).
fn write_castling(board: &Board, f: &mut fmt::Formatter<'_>, shredder: bool) -> fmt::Result {
    use fmt::Write as _;
    if board.castling_bits() == 0 {
        return f.write_char('-');
    }
    for color in [Color::White, Color::Black] {
        let king = board.king(color);
        for side in CastlingSide::ALL {
            let Some(rook) = board.castling_rook(color, side) else {
                continue;
            };
            let rooks = board.colored_pieces(color, Role::Rook) & Bitboard::rank(rook.rank());
            let outer = rooks.squares().any(|sq: Square| match side {
                CastlingSide::KingSide => sq.file() > rook.file(),
                CastlingSide::QueenSide => sq.file() < rook.file(),
            });
            let letter = if shredder || outer || king.rank() != rook.rank() {
                rook.file().char()
            } else if side == CastlingSide::KingSide {
                'k'
            } else {
                'q'
            };
            f.write_char(color.cased(letter))?;
        }
    }
    Ok(())
}

/// The FEN of a position with Shredder-FEN castling (rook files, e.g. `HAha`): see
/// [`Board::shredder_fen`].
///
/// ```
/// use movegen::Board;
///
/// assert_eq!(Board::startpos().shredder_fen().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
#[derive(Clone, Copy)]
pub struct ShredderFen<'a>(&'a Board);

impl fmt::Debug for ShredderFen<'_> {
    /// `ShredderFen("...")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ShredderFen(\"{self}\")")
    }
}

impl fmt::Display for ShredderFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fen(self.0, f, true)
    }
}

impl Board {
    /// The FEN with Shredder-FEN castling letters (the rooks' files: `HAha` for the standard
    /// rights), as some Chess960 tools expect. [`Display`](fmt::Display) writes X-FEN, which is
    /// standard FEN for every standard position.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// let board: Board = fen.parse()?;
    /// assert_eq!(board.shredder_fen().to_string(), fen);
    /// assert_eq!(board.to_string(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// assert_eq!(board.to_string().parse::<Board>()?, board); // both forms read back
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn shredder_fen(&self) -> ShredderFen<'_> {
        ShredderFen(self)
    }

    /// Whether castling here needs the Chess960 rules to be read: some right's king is not on
    /// the e-file or its rook is not on the a- or h-file. (The rules themselves are the same;
    /// only move notation differs: Chess960 writes castling as king-takes-rook.)
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// assert!(!Board::startpos().is_chess960());
    /// let chess960: Board = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9".parse()?;
    /// assert!(chess960.is_chess960());
    /// // The same placement without castling rights needs no Chess960 rules.
    /// let no_rights: Board = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 9".parse()?;
    /// assert!(!no_rights.is_chess960());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        [Color::White, Color::Black].into_iter().any(|color| {
            CastlingSide::ALL.into_iter().any(|side| {
                self.castling_rook(color, side).is_some_and(|rook| {
                    let standard = if side == CastlingSide::KingSide {
                        File::H
                    } else {
                        File::A
                    };
                    self.king(color).file() != File::E || rook.file() != standard
                })
            })
        })
    }
}

impl fmt::Display for Board {
    /// The FEN of the position, all six fields; castling in `KQkq` order (X-FEN letters for
    /// Chess960 rooks that are not the outermost), en passant `-` unless a pawn of the side to
    /// move stands beside the pawn that just double-pushed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fen(self, f, false)
    }
}

fn write_fen(board: &Board, f: &mut fmt::Formatter<'_>, shredder: bool) -> fmt::Result {
    use fmt::Write as _;
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board.piece_at(Square::new(rank * 8 + file)) {
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(piece.char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_char('/')?;
        }
    }
    f.write_str(if board.side_to_move() == Color::White {
        " w "
    } else {
        " b "
    })?;
    write_castling(board, f, shredder)?;
    match board.en_passant() {
        Some(ep) => write!(f, " {ep}")?,
        None => f.write_str(" -")?,
    }
    write!(f, " {} {}", board.halfmove_clock(), board.fullmove_number())
}
