//! A board and its moves as python-chess writes them: `lan`, `san_and_push`, `variation_san`,
//! `board_fen`, `epd` with its operations, `unicode()` and `__str__`.

use crate::board::PyBoard;
use crate::moves::{MoveKey, unicode_symbol};
use movegen::{Color, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyString};

impl PyBoard {
    /// The piece letters of rank 8 to 1, `empty` for an empty square, files a to h (h to a
    /// when `white` is false, ranks 1 to 8 then), as python-chess's `__str__` and `unicode()`.
    fn grid(
        &self,
        white: bool,
        symbol: impl Fn(movegen::Piece) -> char,
        empty: &str,
        borders: bool,
    ) -> String {
        let placement = self.placement();
        let ranks: Vec<u32> = if white {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let files: Vec<u32> = if white {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        let rule = format!("  {}\n", "-".repeat(17));
        let mut text = String::new();
        for (i, &rank) in ranks.iter().enumerate() {
            if borders {
                text.push_str(&rule);
                text.push_str(&format!("{} ", rank + 1));
            }
            for (j, &file) in files.iter().enumerate() {
                if borders {
                    text.push('|');
                } else if j > 0 {
                    text.push(' ');
                }
                match placement.piece_at(Square::new(rank * 8 + file)) {
                    Some(piece) => text.push(symbol(piece)),
                    None => text.push_str(empty),
                }
            }
            if borders {
                text.push('|');
            }
            if borders || i < 7 {
                text.push('\n');
            }
        }
        if borders {
            text.push_str(&rule);
            text.push_str(if white {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        text
    }

    /// The FEN's first field.
    pub(crate) fn placement_text(&self) -> String {
        let fen = self.fen_text(false);
        fen.split(' ').next().unwrap_or_default().to_owned()
    }

    /// The SAN of a legal move, `--` for the null move.
    fn san_of(&self, obj: &Bound<'_, PyAny>) -> PyResult<String> {
        if MoveKey::extract(obj)?.is_null() {
            return Ok("--".to_owned());
        }
        Ok(self.board()?.san(self.legal(obj)?).to_string())
    }

    /// One EPD operation, python-chess's way.
    fn epd_operation(&self, opcode: &str, operand: &Bound<'_, PyAny>) -> PyResult<String> {
        if opcode.is_empty()
            || opcode == "-"
            || !opcode.chars().next().is_some_and(char::is_alphabetic)
        {
            return Err(PyValueError::new_err(format!(
                "invalid epd opcode: {opcode:?}"
            )));
        }
        if let Some(bad) = [' ', '\n', '\t', '\r']
            .into_iter()
            .find(|c| opcode.contains(*c))
        {
            return Err(PyValueError::new_err(format!(
                "invalid character {bad:?} in epd opcode: {opcode:?}"
            )));
        }
        if operand.is_none() {
            return Ok(format!("{opcode};"));
        }
        if MoveKey::extract(operand).is_ok() {
            return Ok(format!("{opcode} {};", self.san_of(operand)?));
        }
        if operand.is_instance_of::<PyInt>() {
            return Ok(format!("{opcode} {};", operand.str()?));
        }
        if let Ok(value) = operand.cast::<PyFloat>() {
            if !value.value().is_finite() {
                return Err(PyValueError::new_err(format!(
                    "expected numeric epd operand to be finite, got: {}",
                    operand.repr()?
                )));
            }
            return Ok(format!("{opcode} {};", operand.str()?));
        }
        if !operand.is_instance_of::<PyString>() && operand.hasattr("__iter__")? {
            if opcode == "pv" {
                let mut position = self.clone();
                position.stack.clear();
                let mut text = opcode.to_owned();
                for mv in operand.try_iter()? {
                    text.push(' ');
                    text.push_str(&position.san_and_push(&mv?)?);
                }
                return Ok(text + ";");
            }
            if opcode == "am" || opcode == "bm" {
                let mut sans = operand
                    .try_iter()?
                    .map(|mv| self.san_of(&mv?))
                    .collect::<PyResult<Vec<_>>>()?;
                sans.sort();
                return Ok(sans.iter().fold(opcode.to_owned(), |t, s| t + " " + s) + ";");
            }
        }
        let escaped = operand
            .str()?
            .to_string()
            .replace('\\', "\\\\")
            .replace('\t', "\\t")
            .replace('\r', "\\r")
            .replace('\n', "\\n")
            .replace('"', "\\\"");
        Ok(format!("{opcode} \"{escaped}\";"))
    }
}

#[pymethods]
impl PyBoard {
    /// The long algebraic notation of the legal `move`: `Ng1-f3`, `e4xd5`, `e7-e8=Q+`, `O-O`
    /// (`--` for the null move). Raises MoveError for an illegal move.
    fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if MoveKey::extract(r#move)?.is_null() {
            return Ok("--".to_owned());
        }
        let mv = self.legal(r#move)?;
        let san = self.board()?.san(mv).to_string();
        if mv.is_castling() {
            return Ok(san);
        }
        let suffix = san.trim_start_matches(|c| c != '+' && c != '#');
        let role = self
            .board()?
            .role_at(mv.from())
            .unwrap_or(movegen::Role::Pawn);
        let mut text = String::new();
        if role != movegen::Role::Pawn {
            text.push(role.char().to_ascii_uppercase());
        }
        let capture = self
            .board()?
            .colored(self.board()?.side_to_move().other())
            .contains(mv.to())
            || mv.kind() == movegen::MoveKind::EnPassant;
        text.push_str(&format!(
            "{}{}{}",
            mv.from(),
            if capture { 'x' } else { '-' },
            mv.to()
        ));
        if let Some(promotion) = mv.promotion() {
            text.push('=');
            text.push(promotion.char().to_ascii_uppercase());
        }
        Ok(text + suffix)
    }

    /// The SAN of the legal `move`, and plays it.
    fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let san = self.san_of(r#move)?;
        let mv = self.legal(r#move)?;
        self.play(mv)?;
        Ok(san)
    }

    /// The moves of `variation`, each legal after those before it, in SAN with move numbers:
    /// `1. e4 e5 2. Nf3`, or `1...e5 2. Nf3` from a position with Black to move. Raises
    /// MoveError at the first illegal move.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = self.clone();
        board.stack.clear();
        let mut parts: Vec<String> = Vec::new();
        for mv in variation.try_iter()? {
            let mv = mv?;
            if board.resolve(&mv)?.is_none() {
                let text = MoveKey::extract(&mv)?.uci();
                return Err(crate::move_error(format!(
                    "illegal move {text} in position {}",
                    board.board()?
                )));
            }
            let number = board.board()?.fullmove_number();
            let white = board.board()?.side_to_move() == Color::White;
            let san = board.san_and_push(&mv)?;
            parts.push(if white {
                format!("{number}. {san}")
            } else if parts.is_empty() {
                format!("{number}...{san}")
            } else {
                san
            });
        }
        Ok(parts.join(" "))
    }

    /// The placement field of the FEN (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`).
    #[pyo3(signature = (*, promoted = None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let _ = promoted; // No piece is marked as promoted in standard chess.
        self.placement_text()
    }

    /// The EPD: placement, side, castling and en passant (`en_passant` "legal" by default,
    /// "xfen" or "fen" as python-chess), then the operations given as keywords
    /// (`board.epd(bm=move, id="test 1")`).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None, **operations))]
    fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let _ = promoted;
        let fen = if shredder {
            self.board()?.shredder_fen().to_string()
        } else {
            self.board()?.to_string()
        };
        let fields: Vec<&str> = fen.split(' ').collect();
        let ep = match en_passant {
            "legal" => self.board()?.has_legal_en_passant(),
            "xfen" | "fen" => self.board()?.en_passant().is_some(),
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant is \"legal\", \"xfen\" or \"fen\", not {other:?}"
                )));
            }
        };
        let mut text = format!(
            "{} {} {} {}",
            fields[0],
            fields[1],
            fields[2],
            if ep { fields[3] } else { "-" }
        );
        if let Some(operations) = operations.filter(|o| !o.is_empty()) {
            let ops = operations
                .iter()
                .map(|(opcode, operand)| self.epd_operation(&opcode.extract::<String>()?, &operand))
                .collect::<PyResult<Vec<_>>>()?;
            text.push(' ');
            text.push_str(&ops.join(" "));
        }
        Ok(text)
    }

    /// The board in Unicode chess symbols, rank 8 first, as python-chess's `unicode()`.
    #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "⭘", orientation = true))]
    fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        self.grid(
            orientation,
            |p| unicode_symbol(p, invert_color),
            empty_square,
            borders,
        )
    }

    /// The board as eight lines of piece letters, `.` for empty squares, rank 8 first.
    fn __str__(&self) -> String {
        self.grid(true, |p| p.char(), ".", false)
    }
}
