//! Setting a board up as python-chess does: `reset`, `set_fen`, `mirror` and
//! `Board.from_chess960_pos`; `clear`, `set_piece_at`, `remove_piece_at`, `set_board_fen`
//! and the `turn` setter, which may leave a board that is not a position (no kings, say:
//! it is then held as a `BoardBuilder` until it is one again); and `_repr_svg_`, the board
//! drawn for notebooks.

use crate::board::PyBoard;
use crate::board::PyPiece;
use crate::fen_error;
use crate::moves::unicode_symbol;
use crate::query::square_arg;
use movegen::{BoardBuilder, CastlingSide, Color, Piece, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
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
            Some(setup) => setup_fen(setup, shredder),
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

/// Why `setup` is not a position (the core's `PositionError`).
pub(crate) fn invalid_reason(setup: &BoardBuilder) -> String {
    match setup.build() {
        Err(e) => e.to_string(),
        Ok(_) => "it is being set up".to_owned(),
    }
}

/// The FEN of a setup that may not be a position.
fn setup_fen(setup: &BoardBuilder, shredder: bool) -> String {
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
            let Some(rook) = setup.castling(color, side) else {
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
    let ep = setup
        .en_passant()
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
        let mut setup = self.builder();
        setup.set_side_to_move(if white { Color::White } else { Color::Black });
        self.take_setup(setup);
    }

    /// python-chess's `status()`: 0 (`STATUS_VALID`) or the sum of its `STATUS_*` bits
    /// (no king, too many pieces, bad castling rights, opposite check...).
    fn status(&self) -> u32 {
        crate::status::status(self)
    }

    /// Whether `status()` is `STATUS_VALID`.
    fn is_valid(&self) -> bool {
        self.status() == 0
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
