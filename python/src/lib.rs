//! The `movegen._movegen` extension module: Python classes and functions over the movegen
//! crate. Each function converts its arguments, calls the crate, and converts the answer; no
//! chess rule is decided here.

mod arrays;
mod board;
mod game;
mod interrupt;
mod moves;
mod perft;
mod plan;
mod query;
mod setup;
mod status;
mod stream;
mod text;
mod units;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    movegen,
    FenError,
    PyValueError,
    "A FEN that is not well-formed, or a position movegen cannot handle (the message says which field or fault)."
);
create_exception!(
    movegen,
    MoveError,
    PyValueError,
    "Move text that is not UCI or SAN, a move that is not legal in the position, or a move index of no legal move."
);

/// A FEN read as python-chess reads it: as the crate reads it, except that a fullmove number
/// of 0 (which some tools write) is read as 1. Halfmove clocks and fullmove numbers above
/// 65535 stay FenErrors naming the field.
pub(crate) fn read_fen(text: &str) -> Result<movegen::Board, movegen::FenError> {
    let error = match movegen::Board::from_fen(text) {
        Err(error @ movegen::FenError::Syntax(movegen::SyntaxError::FullmoveNumber)) => error,
        read => return read,
    };
    let trimmed = text.trim_end();
    match trimmed.rsplit_once(|c: char| c.is_ascii_whitespace()) {
        Some((head, last)) if last.bytes().all(|b| b == b'0') => {
            movegen::Board::from_fen(&format!("{head} 1"))
        }
        _ => Err(error),
    }
}

/// A `FenError` with the crate's message.
pub(crate) fn fen_error(error: movegen::FenError) -> PyErr {
    FenError::new_err(error.to_string())
}

/// A `MoveError` with a message.
pub(crate) fn move_error(message: impl std::fmt::Display) -> PyErr {
    MoveError::new_err(message.to_string())
}

#[pymodule]
fn _movegen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BACKEND", movegen::BACKEND.name())?;
    m.add("STARTING_FEN", movegen::STARTPOS)?;
    m.add("PLANES", movegen::encode::PLANES)?;
    m.add("MOVE_INDICES", movegen::encode::MOVE_INDICES)?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    board::register(m)?;
    perft::register(m)?;
    plan::register(m)?;
    arrays::register(m)?;
    Ok(())
}
