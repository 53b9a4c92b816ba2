//! Setting a board up as python-chess does: `reset`, `set_fen`, `mirror` and
//! `Board.from_chess960_pos`, and `_repr_svg_`, the board drawn for notebooks.

use crate::board::PyBoard;
use crate::fen_error;
use crate::moves::unicode_symbol;
use movegen::{Color, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::fmt::Write;

impl PyBoard {
    /// This board set to `board`, with an empty move stack.
    fn set_position(&mut self, board: movegen::Board) {
        self.board = board;
        self.stack.clear();
        self.chess960 |= board.is_chess960();
    }
}

#[pymethods]
impl PyBoard {
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
    fn mirror(&self) -> PyBoard {
        PyBoard::new_from(self.board.mirror(), Some(self.chess960))
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
    let checked = board
        .board
        .in_check()
        .then(|| board.board.king(board.board.side_to_move()));
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
