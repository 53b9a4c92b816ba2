//! Setting a board up as python-chess does: `reset`, `set_fen`, `mirror` and
//! `Board.from_chess960_pos`; `clear`, `set_piece_at`, `remove_piece_at`, `set_board_fen`
//! and the `turn` setter, which may leave a board that is not a position (no kings, say:
//! it is then held as a `BoardBuilder` until it is one again); and `_repr_svg_`, the board
//! drawn for notebooks.

use crate::board::PyBoard;
use crate::board::PyPiece;
use crate::fen_error;
use crate::moves::unicode_symbol;
use crate::query::{int_arg, square_arg};
use movegen::{BoardBuilder, CastlingSide, Color, Piece, Role, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use std::fmt::Write;

impl PyBoard {
    /// This board set to `board`, with an empty move stack.
    fn set_position(&mut self, board: movegen::Board) {
        self.core = board;
        self.setup = None;
        self.stack.clear();
        self.chess960 |= board.is_chess960();
    }

    /// The board as a builder: its setup, or its position.
    pub(crate) fn builder(&self) -> BoardBuilder {
        match &self.setup {
            Some(setup) => (**setup).clone(),
            None => BoardBuilder::from(self.core),
        }
    }

    /// Changes the board's setup with `change` and takes the result (see `take_setup`).
    fn edit(&mut self, change: impl FnOnce(&mut BoardBuilder)) {
        let mut setup = self.builder();
        change(&mut setup);
        self.take_setup(setup);
    }

    /// Takes `setup`: the position it builds, or, when it builds none, the setup itself.
    fn take_setup(&mut self, setup: BoardBuilder) {
        match setup.build() {
            Ok(board) => {
                self.core = board;
                self.setup = None;
                self.chess960 |= board.is_chess960();
            }
            Err(_) => self.setup = Some(Box::new(setup)),
        }
    }

    /// The FEN of the board, valid or not: X-FEN castling letters (`K`/`Q` for a rook on the
    /// h or a file, the rook's file otherwise), or Shredder-FEN's files.
    pub(crate) fn fen_text(&self, shredder: bool) -> String {
        match &self.setup {
            None if shredder => self.core.shredder_fen().to_string(),
            None => self.core.to_string(),
            // As python-chess writes one: the clean castling rights only.
            Some(setup) => setup_fen(setup, shredder, crate::status::clean_castling_rights(self)),
        }
    }
}

/// The castling rooks of `setup` by colour and side (White's king side first), for pickling.
pub(crate) fn castling_squares(setup: &BoardBuilder) -> Vec<Option<u8>> {
    let mut squares = Vec::with_capacity(4);
    for color in Color::ALL {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            squares.push(setup.castling(color, side).map(|sq| sq as u8));
        }
    }
    squares
}

/// Rebuilds a pickled Board that was being set up (see `Board.__reduce__`).
#[pyfunction]
pub(crate) fn _board_from_setup(
    placement: &str,
    white: bool,
    castling: Vec<Option<u8>>,
    ep: Option<u8>,
    clocks: (u16, u16),
    chess960: bool,
) -> PyResult<PyBoard> {
    let pieces = read_placement(placement).map_err(PyValueError::new_err)?;
    let square =
        |i: u8| Square::try_from(i).map_err(|_| PyValueError::new_err(format!("no square {i}")));
    let mut setup = BoardBuilder::empty();
    for sq in Square::ALL {
        if let Some(piece) = pieces[sq.index()] {
            setup.put(sq, piece);
        }
    }
    setup.set_side_to_move(if white { Color::White } else { Color::Black });
    let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
    for (i, rook) in castling.into_iter().enumerate().take(4) {
        let rook = rook.map(square).transpose()?;
        setup.set_castling(Color::ALL[i / 2], sides[i % 2], rook);
    }
    setup.set_en_passant(ep.map(square).transpose()?);
    setup
        .set_halfmove_clock(clocks.0)
        .set_fullmove_number(clocks.1);
    let mut board = PyBoard::new_from(movegen::Board::startpos(), Some(chess960));
    board.take_setup(setup);
    Ok(board)
}

/// A square-mask argument: an int of 64 bits or a SquareSet; a ValueError naming it else.
fn mask_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    value.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be a mask of squares (an int from 0 to 2**64 - 1), got {}",
            value
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })
}

/// The back rank of `color` as a mask.
fn back_rank(color: Color) -> u64 {
    if color == Color::White {
        0xff
    } else {
        0xff << 56
    }
}

/// The square of `color`'s king on its back rank (the highest, as python-chess's `king()`).
fn back_rank_king(setup: &BoardBuilder, color: Color) -> Option<Square> {
    let king = Piece {
        color,
        role: Role::King,
    };
    Square::ALL
        .into_iter()
        .rev()
        .find(|&sq| back_rank(color) >> sq.index() & 1 == 1 && setup.piece_at(sq) == Some(king))
}

/// Sets the castling rights of `setup` to the rook squares of `mask` (see
/// `Board.castling_rights`' setter).
pub(crate) fn set_castling_mask(setup: &mut BoardBuilder, mask: u64) -> PyResult<()> {
    let stray = mask & !(back_rank(Color::White) | back_rank(Color::Black));
    if stray != 0 {
        let sq = Square::new(stray.trailing_zeros());
        return Err(PyValueError::new_err(format!(
            "castling_rights: {sq} is on no back rank (a castling right names a rook on rank 1 or 8)"
        )));
    }
    let mut rooks: [Option<Square>; 4] = [None; 4];
    for color in Color::ALL {
        let king_file = back_rank_king(setup, color).map(|k| k.file() as u8);
        let mut bits = mask & back_rank(color);
        while bits != 0 {
            let sq = Square::new(bits.trailing_zeros());
            bits &= bits - 1;
            let file = sq.file() as u8;
            let side = match king_file {
                Some(k) if file < k => CastlingSide::QueenSide,
                Some(k) if file > k => CastlingSide::KingSide,
                _ if file >= 4 => CastlingSide::KingSide,
                _ => CastlingSide::QueenSide,
            };
            // Two squares on one side (python-chess can hold g1 and h1, say): the second
            // takes the other side's right, where `build` refuses it as python-chess's
            // `status()` does (the mask reads back the same).
            let own = 2 * color.index() + side as usize;
            let slot = if rooks[own].is_none() { own } else { own ^ 1 };
            if let Some(other) = rooks[slot] {
                return Err(PyValueError::new_err(format!(
                    "castling_rights: {other}, {} and {sq} are three rights for {}: a board \
                     holds at most two",
                    rooks[slot ^ 1].map_or("?".to_owned(), |s| s.to_string()),
                    if color == Color::White {
                        "white"
                    } else {
                        "black"
                    },
                )));
            }
            rooks[slot] = Some(sq);
        }
    }
    for (i, rook) in rooks.into_iter().enumerate() {
        let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
        setup.set_castling(Color::ALL[i / 2], sides[i % 2], rook);
    }
    Ok(())
}

/// The rook squares a FEN castling field names on `setup`, as python-chess's
/// `set_castling_fen` reads them.
fn castling_fen_mask(setup: &BoardBuilder, text: &str) -> PyResult<u64> {
    if text.is_empty() || text == "-" {
        return Ok(0);
    }
    let bytes = text.as_bytes();
    let upper = bytes
        .iter()
        .take_while(|b| b"KQABCDEFGH".contains(b))
        .count();
    let lower = bytes[upper..]
        .iter()
        .take_while(|b| b"kqabcdefgh".contains(b))
        .count();
    if upper > 4 || lower > 4 || upper + lower != bytes.len() {
        return Err(PyValueError::new_err(format!(
            "invalid castling fen: {text:?} (expected '-' or up to four letters of KQABCDEFGH, \
             then up to four of kqabcdefgh)"
        )));
    }
    let mut mask = 0u64;
    for &flag in bytes {
        let color = if flag.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = back_rank(color);
        let rook = Piece {
            color,
            role: Role::Rook,
        };
        let rooks = Square::ALL
            .into_iter()
            .filter(|&sq| rank >> sq.index() & 1 == 1 && setup.piece_at(sq) == Some(rook))
            .fold(0u64, |m, sq| m | 1 << sq.index());
        // python-chess's `king(color)`: the highest king of that colour, anywhere.
        let king_piece = Piece {
            color,
            role: Role::King,
        };
        let king = Square::ALL
            .into_iter()
            .rev()
            .find(|&sq| setup.piece_at(sq) == Some(king_piece));
        let a_file = rank & 0x0101_0101_0101_0101;
        let h_file = rank & 0x8080_8080_8080_8080;
        mask |= match flag.to_ascii_lowercase() {
            // With a king and no rook, python-chess's lowest rook (none) is below the king:
            // the letter then grants nothing.
            b'q' => match king {
                Some(k) if rooks == 0 || rooks.trailing_zeros() < k.index() as u32 => {
                    rooks & rooks.wrapping_neg()
                }
                _ => a_file,
            },
            b'k' => match king {
                Some(k) if rooks != 0 && 63 - rooks.leading_zeros() > k.index() as u32 => {
                    1 << (63 - rooks.leading_zeros())
                }
                _ => h_file,
            },
            file => rank & (0x0101_0101_0101_0101 << (file - b'a')),
        };
    }
    Ok(mask)
}

/// A board being set up from a python-chess board that is not a valid position: its
/// placement, turn, castling rights, en-passant square and clocks.
pub(crate) fn setup_from_chess(board: &Bound<'_, PyAny>, chess960: bool) -> PyResult<PyBoard> {
    let placement: String = board.call_method0("board_fen")?.extract()?;
    let pieces = read_placement(&placement).map_err(PyValueError::new_err)?;
    let mut setup = BoardBuilder::empty();
    for sq in Square::ALL {
        if let Some(piece) = pieces[sq.index()] {
            setup.put(sq, piece);
        }
    }
    let white: bool = board.getattr("turn")?.extract()?;
    setup.set_side_to_move(if white { Color::White } else { Color::Black });
    set_castling_mask(
        &mut setup,
        mask_arg(&board.getattr("castling_rights")?, "castling_rights")?,
    )?;
    let ep = board.getattr("ep_square")?;
    if !ep.is_none() {
        setup.set_en_passant(Some(square_arg(&ep, "ep_square")?).filter(|&sq| sq != Square::A1));
    }
    let clock = |name: &str| -> PyResult<u16> {
        Ok(int_arg(&board.getattr(name)?, name, 0, i64::from(u16::MAX))? as u16)
    };
    setup
        .set_halfmove_clock(clock("halfmove_clock")?)
        .set_fullmove_number(clock("fullmove_number")?);
    let mut ours = PyBoard::new_from(movegen::Board::startpos(), Some(chess960));
    ours.take_setup(setup);
    Ok(ours)
}

/// Why `setup` is not a position (the core's `PositionError`).
pub(crate) fn invalid_reason(setup: &BoardBuilder) -> String {
    match setup.build() {
        Err(e) => e.to_string(),
        Ok(_) => "it is being set up".to_owned(),
    }
}

/// The FEN of a setup that may not be a position, with the castling rights whose rook is in
/// `castling`.
fn setup_fen(setup: &BoardBuilder, shredder: bool, castling: u64) -> String {
    let mut fen = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match setup.piece_at(Square::new(8 * rank + file)) {
                Some(piece) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push(' ');
    fen.push(if setup.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    });
    fen.push(' ');
    let mut any = false;
    for color in Color::ALL {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let Some(rook) = setup
                .castling(color, side)
                .filter(|rook| castling >> rook.index() & 1 == 1)
            else {
                continue;
            };
            any = true;
            let outer = if side == CastlingSide::KingSide { 7 } else { 0 };
            let letter = match (shredder, rook.file() as u8 == outer, side) {
                (false, true, CastlingSide::KingSide) => 'K',
                (false, true, CastlingSide::QueenSide) => 'Q',
                _ => char::from(b'A' + rook.file() as u8),
            };
            fen.push(if color == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    if !any {
        fen.push('-');
    }
    // python-chess's `en_passant="fen"` rule: the square when a pawn of the side to move
    // attacks it (a board being set up has no legal moves to ask).
    let turn = setup.side_to_move();
    let pawn = Piece {
        color: turn,
        role: Role::Pawn,
    };
    let ep = setup
        .en_passant()
        .filter(|&sq| {
            let attackers = movegen::pawn_attacks(!turn, sq).0;
            Square::ALL.into_iter().any(|from| {
                attackers >> from.index() & 1 == 1 && setup.piece_at(from) == Some(pawn)
            })
        })
        .map_or("-".to_owned(), |sq| sq.to_string());
    let _ = write!(
        fen,
        " {ep} {} {}",
        setup.halfmove_clock(),
        setup.fullmove_number()
    );
    fen
}

/// The pieces of a FEN's placement field (`set_board_fen`), or why it is not one.
fn read_placement(text: &str) -> Result<[Option<Piece>; 64], String> {
    let mut pieces = [None; 64];
    let ranks: Vec<&str> = text.trim().split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "expected 8 ranks in board fen, got {}: {text:?}",
            ranks.len()
        ));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0u32;
        let mut last_digit = false;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                if last_digit {
                    return Err(format!(
                        "two digits in a row in board fen rank {}: {text:?}",
                        rank + 1
                    ));
                }
                last_digit = true;
                file += n;
            } else {
                last_digit = false;
                let piece = Piece::from_char(c)
                    .ok_or_else(|| format!("invalid character {c:?} in board fen: {text:?}"))?;
                if file < 8 {
                    pieces[(8 * rank + file) as usize] = Some(piece);
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(format!(
                "expected 8 squares in board fen rank {}, got {file}: {text:?}",
                rank + 1
            ));
        }
    }
    Ok(pieces)
}

#[pymethods]
impl PyBoard {
    /// An empty board, White to move, no castling rights, an empty move stack
    /// (python-chess's `clear`). It is not a valid position: see `status()`.
    fn clear(&mut self) {
        self.stack.clear();
        self.take_setup(BoardBuilder::empty());
    }

    /// The pieces removed, the rest kept, an empty move stack (python-chess's `clear_board`).
    fn clear_board(&mut self) {
        let mut setup = self.builder();
        for sq in Square::ALL {
            setup.remove(sq);
        }
        self.stack.clear();
        self.take_setup(setup);
    }

    /// `piece` put on `square` (None empties it), with an empty move stack. The board may
    /// stop being a valid position (see `status()`); no check is made here.
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(
        &mut self,
        square: &Bound<'_, PyAny>,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: bool,
    ) -> PyResult<()> {
        let _ = promoted; // No piece is marked as promoted in standard chess.
        let sq = square_arg(square, "square")?;
        let piece = match piece {
            None => None,
            Some(obj) => Some(piece_arg(obj)?),
        };
        let mut setup = self.builder();
        match piece {
            Some(piece) => setup.put(sq, piece),
            None => setup.remove(sq),
        };
        self.stack.clear();
        self.take_setup(setup);
        Ok(())
    }

    /// Empties `square` and returns the piece that stood there, or None; empties the move
    /// stack.
    fn remove_piece_at(
        &mut self,
        py: Python<'_>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Py<PyPiece>>> {
        let sq = square_arg(square, "square")?;
        let mut setup = self.builder();
        let piece = setup.piece_at(sq);
        setup.remove(sq);
        self.stack.clear();
        self.take_setup(setup);
        Ok(piece.map(|p| PyPiece::object(py, p)))
    }

    /// The pieces of a FEN's placement field (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`),
    /// the rest kept, an empty move stack; a ValueError naming what is wrong with the text.
    fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        let pieces = read_placement(fen).map_err(PyValueError::new_err)?;
        let mut setup = self.builder();
        for sq in Square::ALL {
            match pieces[sq.index()] {
                Some(piece) => setup.put(sq, piece),
                None => setup.remove(sq),
            };
        }
        self.stack.clear();
        self.take_setup(setup);
        Ok(())
    }

    /// Sets the side to move (True for White), as python-chess's `board.turn = ...`; the
    /// move stack stays.
    #[setter]
    fn set_turn(&mut self, white: bool) {
        self.edit(|setup| {
            setup.set_side_to_move(if white { Color::White } else { Color::Black });
        });
    }

    /// Sets the castling rights from a mask of rook squares, as python-chess's
    /// `board.castling_rights = BB_A1 | BB_H1`: each square on its colour's back rank is the
    /// right on its side of that colour's king (on the king side from the e file when no king
    /// stands on that rank). A right whose king or rook is missing leaves a board that is not
    /// a position (`STATUS_BAD_CASTLING_RIGHTS`). The move stack stays. A ValueError for a
    /// square on no back rank or more than two on one: a board holds two rights per colour.
    #[setter]
    fn set_castling_rights(&mut self, mask: &Bound<'_, PyAny>) -> PyResult<()> {
        let mask = mask_arg(mask, "castling_rights")?;
        let mut setup = self.builder();
        set_castling_mask(&mut setup, mask)?;
        self.take_setup(setup);
        Ok(())
    }

    /// Sets the castling rights from a FEN castling field (`KQkq`, `-`, Shredder-FEN's rook
    /// files `HAha`, or X-FEN's mix), read against the pieces as python-chess reads it (`K`
    /// names the outermost rook on the king side of the king, or the h file without one);
    /// empties the move stack. A ValueError for a field that is not one.
    fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        let mut setup = self.builder();
        let mask = castling_fen_mask(&setup, castling_fen)?;
        set_castling_mask(&mut setup, mask)?;
        self.stack.clear();
        self.take_setup(setup);
        Ok(())
    }

    /// Sets the en-passant square (0..63, or None), as python-chess's `board.ep_square = ...`.
    /// A square no pawn of the side to move can capture on is dropped (see `ep_square`); one
    /// with no pawn that could have skipped it leaves a board that is not a position
    /// (`STATUS_INVALID_EP_SQUARE`). The move stack stays.
    #[setter]
    fn set_ep_square(&mut self, square: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let sq = square
            .map(|s| square_arg(s, "ep_square"))
            .transpose()?
            // python-chess reads square 0 as no square (`if not ep_square`); a1 is never one.
            .filter(|&sq| sq != Square::A1);
        self.edit(|setup| {
            setup.set_en_passant(sq);
        });
        Ok(())
    }

    /// Sets the halfmove clock (0 to 65535; a ValueError naming the field outside that range).
    #[setter]
    fn set_halfmove_clock(&mut self, clock: &Bound<'_, PyAny>) -> PyResult<()> {
        let clock = int_arg(clock, "halfmove_clock", 0, i64::from(u16::MAX))? as u16;
        self.edit(|setup| {
            setup.set_halfmove_clock(clock);
        });
        Ok(())
    }

    /// Sets the move number (0 to 65535, 0 read as 1 as in a FEN; a ValueError naming the
    /// field outside that range).
    #[setter]
    fn set_fullmove_number(&mut self, number: &Bound<'_, PyAny>) -> PyResult<()> {
        let number = int_arg(number, "fullmove_number", 0, i64::from(u16::MAX))? as u16;
        self.edit(|setup| {
            setup.set_fullmove_number(number);
        });
        Ok(())
    }

    /// python-chess's `status()`: a `Status` flag (an `IntFlag`), `STATUS_VALID` (0) or the
    /// sum of its `STATUS_*` bits (no king, too many pieces, bad castling rights, opposite
    /// check...).
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        static STATUS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let class = STATUS.get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("movegen._constants")?.getattr("Status")?.unbind())
        })?;
        class.bind(py).call1((crate::status::status(self),))
    }

    /// Whether `status()` is `STATUS_VALID`.
    fn is_valid(&self) -> bool {
        crate::status::status(self) == 0
    }

    /// The starting position, with an empty move stack (python-chess's `reset`).
    fn reset(&mut self) {
        self.set_position(movegen::Board::startpos());
    }

    /// The position of `fen`, with an empty move stack; raises FenError (a ValueError) as
    /// `Board(fen)` does, and leaves the board as it was then.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let board = crate::read_fen(fen).map_err(fen_error)?;
        self.set_position(board);
        Ok(())
    }

    /// A copy with the ranks flipped and the colours swapped (side to move, castling rights
    /// and en-passant square too), without the move stack: the same position for the other
    /// side, as python-chess's `mirror()`.
    fn mirror(&self) -> PyResult<PyBoard> {
        Ok(PyBoard::new_from(
            self.board()?.mirror(),
            Some(self.chess960),
        ))
    }

    /// The Chess960 starting position number `scharnagl` (0 to 959; 518 is the standard
    /// array), in Chess960 mode, as python-chess's `Board.from_chess960_pos`.
    #[classmethod]
    fn from_chess960_pos(
        _cls: &Bound<'_, PyType>,
        scharnagl: &Bound<'_, PyAny>,
    ) -> PyResult<PyBoard> {
        let n = crate::query::int_arg(scharnagl, "scharnagl", 0, 959)? as u16;
        let board = movegen::Board::chess960_startpos(n).ok_or_else(|| {
            PyValueError::new_err(format!("scharnagl {n} is out of range (0 to 959)"))
        })?;
        Ok(PyBoard::new_from(board, Some(true)))
    }

    /// The board drawn in SVG (how Jupyter shows a Board): light and dark squares, the pieces
    /// as Unicode figures, the files and ranks named, the last move and a checked king marked.
    fn _repr_svg_(&self) -> String {
        board_svg(self)
    }
}

/// The side of a square in the SVG, in user units.
const CELL: u32 = 45;
/// The margin for the file and rank names.
const MARGIN: u32 = 20;

fn board_svg(board: &PyBoard) -> String {
    let size = 8 * CELL + 2 * MARGIN;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" width=\"{size}\" height=\"{size}\">\
         <rect width=\"{size}\" height=\"{size}\" fill=\"#212121\"/>"
    );
    let last = board.stack.last().map(|(mv, _)| (mv.from(), mv.to()));
    let checked = (board.setup.is_none() && board.core.in_check())
        .then(|| board.core.king(board.core.side_to_move()));
    let placement = board.placement();
    for index in 0..64u32 {
        let sq = Square::new(index);
        let (file, rank) = (index % 8, index / 8);
        let (x, y) = (MARGIN + file * CELL, MARGIN + (7 - rank) * CELL);
        let mut fill = if (file + rank) % 2 == 0 {
            "#d18b47"
        } else {
            "#ffce9e"
        };
        if last.is_some_and(|(from, to)| sq == from || sq == to) {
            fill = if (file + rank) % 2 == 0 {
                "#aaa23b"
            } else {
                "#cdd16a"
            };
        }
        let _ = write!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
        );
        if checked == Some(sq) {
            let _ = write!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#e00000\" fill-opacity=\"0.5\"/>"
            );
        }
        if let Some(piece) = placement.piece_at(sq) {
            let color = if piece.color == Color::White {
                "#ffffff"
            } else {
                "#000000"
            };
            // The filled (black) figures for both colours, told apart by their fill.
            let figure = unicode_symbol(
                movegen::Piece {
                    color: Color::Black,
                    role: piece.role,
                },
                false,
            );
            let _ = write!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" dominant-baseline=\"central\" \
                 fill=\"{color}\" stroke=\"#000000\" stroke-width=\"1\" class=\"piece {}\">{figure}</text>",
                x + CELL / 2,
                y + CELL / 2 + 2,
                piece.char()
            );
        }
    }
    for i in 0..8u32 {
        let file = char::from(b'a' + i as u8);
        let rank = char::from(b'1' + i as u8);
        let (along, across) = (
            MARGIN + i * CELL + CELL / 2,
            MARGIN + (7 - i) * CELL + CELL / 2,
        );
        let _ = write!(
            svg,
            "<text x=\"{along}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\" fill=\"#e5e5e5\">{file}</text>\
             <text x=\"{}\" y=\"{across}\" font-size=\"14\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#e5e5e5\">{rank}</text>",
            size - 5,
            MARGIN / 2
        );
    }
    svg.push_str("</svg>");
    svg
}

/// A Piece, or the symbol of one (`"N"`).
fn piece_arg(obj: &Bound<'_, PyAny>) -> PyResult<Piece> {
    if let Ok(piece) = obj.cast::<PyPiece>() {
        return Ok(piece.borrow().get());
    }
    let symbol: String = obj.getattr("symbol")?.call0()?.extract()?;
    let mut chars = symbol.chars();
    match (chars.next().and_then(Piece::from_char), chars.next()) {
        (Some(piece), None) => Ok(piece),
        _ => Err(PyValueError::new_err(format!("not a piece: {symbol:?}"))),
    }
}
