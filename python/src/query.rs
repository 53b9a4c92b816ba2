//! python-chess's questions about the pieces of a board: `piece_map`, `piece_type_at`,
//! `color_at`, `king`, `pieces`, `attacks`, `attackers`, `is_attacked_by`, `checkers`, `pin`
//! and `is_pinned`, the castling rights, and the predicates on a move (`is_capture`,
//! `is_en_passant`, `is_castling` and its sides, `is_zeroing`, `is_into_check`).
//!
//! Every answer is python-chess 1.11's, read from the placement alone, so a board that is not a
//! valid position (`Board(None)`, a board being set up) answers them too. Squares are ints
//! 0..63 and colours bools; the masks come back as `SquareSet`s (`movegen._squareset`).

use crate::board::{PyBoard, PyPiece};
use crate::moves::MoveKey;
use movegen::{Bitboard, CastlingSide, Color, Role, Square};
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

/// Every square: python-chess's `BB_ALL`, the pin mask of a piece that is not pinned.
const ALL: u64 = u64::MAX;

/// An integer argument in `lo..=hi`, or a ValueError that names it (an int too large for 64
/// bits included, which would otherwise be an OverflowError).
pub(crate) fn int_arg(value: &Bound<'_, PyAny>, name: &str, lo: i64, hi: i64) -> PyResult<i64> {
    let out_of_range = |shown: String| {
        PyValueError::new_err(format!("{name} {shown} is out of range ({lo} to {hi})"))
    };
    match value.extract::<i64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        Ok(v) => Err(out_of_range(v.to_string())),
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => {
            Err(out_of_range(value.to_string()))
        }
        Err(e) => Err(e),
    }
}

/// A square argument, 0..63.
pub(crate) fn square_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Square> {
    Ok(Square::new(int_arg(value, name, 0, 63)? as u32))
}

/// A piece type argument, 1 (pawn) to 6 (king).
pub(crate) fn role_arg(value: &Bound<'_, PyAny>) -> PyResult<Role> {
    Ok(Role::ALL[int_arg(value, "piece type", 1, 6)? as usize - 1])
}

fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// The pieces of a board by colour and by role, and who is to move.
#[derive(Clone, Copy)]
pub(crate) struct Placement {
    pub(crate) colors: [u64; 2],
    pub(crate) roles: [u64; 6],
}

impl Placement {
    pub(crate) fn of(board: &movegen::Board) -> Placement {
        Placement {
            colors: Color::ALL.map(|c| board.colored(c).0),
            roles: Role::ALL.map(|r| board.pieces(r).0),
        }
    }

    /// The pieces of a setup that may not be a position.
    pub(crate) fn of_setup(setup: &movegen::BoardBuilder) -> Placement {
        let mut p = Placement {
            colors: [0; 2],
            roles: [0; 6],
        };
        for sq in Square::ALL {
            if let Some(piece) = setup.piece_at(sq) {
                p.colors[piece.color.index()] |= 1u64 << sq.index();
                p.roles[piece.role.index()] |= 1u64 << sq.index();
            }
        }
        p
    }

    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    pub(crate) fn piece_at(&self, sq: Square) -> Option<movegen::Piece> {
        let bit = 1u64 << sq.index();
        let role = Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()] & bit != 0)?;
        let color = Color::ALL
            .into_iter()
            .find(|c| self.colors[c.index()] & bit != 0)?;
        Some(movegen::Piece { color, role })
    }

    fn of_color(&self, color: Color, role: Role) -> u64 {
        self.colors[color.index()] & self.roles[role.index()]
    }

    /// python-chess's `king(color)`: the highest square of that colour's kings, if any.
    pub(crate) fn king(&self, color: Color) -> Option<Square> {
        let kings = self.of_color(color, Role::King);
        (kings != 0).then(|| Square::new(63 - kings.leading_zeros()))
    }

    /// What the piece on `sq` attacks (nothing for an empty square).
    fn attacks(&self, sq: Square) -> u64 {
        let Some(piece) = self.piece_at(sq) else {
            return 0;
        };
        let occupied = Bitboard(self.occupied());
        match piece.role {
            Role::Pawn => movegen::pawn_attacks(piece.color, sq),
            Role::Knight => movegen::knight_attacks(sq),
            Role::Bishop => movegen::bishop_attacks(sq, occupied),
            Role::Rook => movegen::rook_attacks(sq, occupied),
            Role::Queen => movegen::queen_attacks(sq, occupied),
            Role::King => movegen::king_attacks(sq),
        }
        .0
    }

    /// The pieces of `color` attacking `sq` with `occupied` as the blockers.
    pub(crate) fn attackers(&self, color: Color, sq: Square, occupied: u64) -> u64 {
        let occ = Bitboard(occupied);
        let queens = self.roles[Role::Queen.index()];
        let attackers = (movegen::king_attacks(sq).0 & self.roles[Role::King.index()])
            | (movegen::knight_attacks(sq).0 & self.roles[Role::Knight.index()])
            | (movegen::rook_attacks(sq, occ).0 & (self.roles[Role::Rook.index()] | queens))
            | (movegen::bishop_attacks(sq, occ).0 & (self.roles[Role::Bishop.index()] | queens))
            | (movegen::pawn_attacks(color.other(), sq).0 & self.roles[Role::Pawn.index()]);
        attackers & self.colors[color.index()]
    }

    /// python-chess's `pin_mask`: the line through `color`'s king and an enemy slider that
    /// pins the piece on `sq`, or every square.
    fn pin(&self, color: Color, sq: Square) -> u64 {
        let Some(king) = self.king(color) else {
            return ALL;
        };
        let line = movegen::line(king, sq).0;
        if king == sq || line == 0 {
            return ALL;
        }
        let straight = king.file() == sq.file() || king.rank() == sq.rank();
        let sliders = self.roles[Role::Queen.index()]
            | if straight {
                self.roles[Role::Rook.index()]
            } else {
                self.roles[Role::Bishop.index()]
            };
        let bit = 1u64 << sq.index();
        let mut snipers = line & sliders & self.colors[color.other().index()];
        while snipers != 0 {
            let sniper = Square::new(63 - snipers.leading_zeros());
            snipers &= !(1u64 << sniper.index());
            if movegen::between(sniper, king).0 & (self.occupied() | bit) == bit {
                return line;
            }
        }
        ALL
    }
}

/// A `movegen.SquareSet` of `mask`.
pub(crate) fn square_set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, PyAny>> {
    static CLASS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let class = CLASS.get_or_try_init(py, || {
        Ok::<_, PyErr>(
            py.import("movegen._squareset")?
                .getattr("SquareSet")?
                .unbind(),
        )
    })?;
    class.bind(py).call1((mask,))
}

impl PyBoard {
    pub(crate) fn placement(&self) -> Placement {
        match &self.setup {
            None => Placement::of(&self.core),
            Some(setup) => Placement::of_setup(setup),
        }
    }

    pub(crate) fn turn_color(&self) -> Color {
        match &self.setup {
            None => self.core.side_to_move(),
            Some(setup) => setup.side_to_move(),
        }
    }

    /// python-chess's `is_castling`: a king moving two files or onto its own rook.
    fn castling_move(&self, mv: MoveKey) -> bool {
        let p = self.placement();
        let (from, to) = (mv.from, mv.to);
        let turn = self.turn_color();
        p.roles[Role::King.index()] >> from.index() & 1 == 1
            && ((from.file() as i32 - to.file() as i32).abs() > 1
                || p.of_color(turn, Role::Rook) >> to.index() & 1 == 1)
    }

    /// python-chess's `is_en_passant`: a pawn moving diagonally onto the empty en-passant
    /// square.
    fn en_passant_move(&self, mv: MoveKey) -> bool {
        let p = self.placement();
        self.setup
            .as_ref()
            .map_or(self.core.en_passant(), |s| s.en_passant())
            == Some(mv.to)
            && p.roles[Role::Pawn.index()] >> mv.from.index() & 1 == 1
            && matches!((mv.to.index() as i32 - mv.from.index() as i32).abs(), 7 | 9)
            && p.occupied() >> mv.to.index() & 1 == 0
    }

    /// The rook of `color`'s castling right on `side`, valid board or not.
    fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        match &self.setup {
            None => self.core.castling_rook(color, side),
            Some(setup) => setup.castling(color, side),
        }
    }

    /// The rook squares with castling rights, python-chess's `castling_rights` mask.
    fn castling_mask(&self) -> u64 {
        let mut mask = 0;
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(rook) = self.castling_rook(color, side) {
                    mask |= 1u64 << rook.index();
                }
            }
        }
        mask
    }
}

#[pymethods]
impl PyBoard {
    /// The pieces as a dict from square to Piece, only on the squares of `mask`.
    #[pyo3(signature = (*, mask = ALL))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let p = self.placement();
        let mut squares = p.occupied() & mask;
        while squares != 0 {
            let sq = Square::new(squares.trailing_zeros());
            squares &= squares - 1;
            if let Some(piece) = p.piece_at(sq) {
                map.set_item(sq.index(), PyPiece::object(py, piece))?;
            }
        }
        Ok(map)
    }

    /// The piece type (1 pawn to 6 king) on `square`, or None.
    fn piece_type_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<u8>> {
        let sq = square_arg(square, "square")?;
        Ok(self
            .placement()
            .piece_at(sq)
            .map(|p| p.role.index() as u8 + 1))
    }

    /// The colour (True for White) of the piece on `square`, or None.
    fn color_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<bool>> {
        let sq = square_arg(square, "square")?;
        Ok(self
            .placement()
            .piece_at(sq)
            .map(|p| p.color == Color::White))
    }

    /// The square of `color`'s king, or None.
    fn king(&self, color: bool) -> Option<u8> {
        self.placement()
            .king(self::color(color))
            .map(|sq| sq.index() as u8)
    }

    /// The squares of `color`'s pieces of `piece_type`, as an int mask.
    fn pieces_mask(&self, piece_type: &Bound<'_, PyAny>, color: bool) -> PyResult<u64> {
        Ok(self
            .placement()
            .of_color(self::color(color), role_arg(piece_type)?))
    }

    /// The squares of `color`'s pieces of `piece_type`, as a SquareSet.
    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: &Bound<'_, PyAny>,
        color: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pieces_mask(piece_type, color)?)
    }

    /// The squares the piece on `square` attacks, as an int mask (0 for an empty square).
    fn attacks_mask(&self, square: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(self.placement().attacks(square_arg(square, "square")?))
    }

    /// The squares the piece on `square` attacks, as a SquareSet.
    fn attacks<'py>(
        &self,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attacks_mask(square)?)
    }

    /// The pieces of `color` that attack `square`, as an int mask; `occupied` replaces the
    /// board's occupied squares as the blockers.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers_mask(
        &self,
        color: bool,
        square: &Bound<'_, PyAny>,
        occupied: Option<u64>,
    ) -> PyResult<u64> {
        let p = self.placement();
        let sq = square_arg(square, "square")?;
        Ok(p.attackers(self::color(color), sq, occupied.unwrap_or(p.occupied())))
    }

    /// The pieces of `color` that attack `square`, as a SquareSet.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: &Bound<'_, PyAny>,
        occupied: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attackers_mask(color, square, occupied)?)
    }

    /// Whether a piece of `color` attacks `square`.
    #[pyo3(signature = (color, square, occupied = None))]
    fn is_attacked_by(
        &self,
        color: bool,
        square: &Bound<'_, PyAny>,
        occupied: Option<u64>,
    ) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square, occupied)? != 0)
    }

    /// The pieces giving check to the side to move, as an int mask.
    fn checkers_mask(&self) -> u64 {
        let p = self.placement();
        let turn = self.turn_color();
        p.king(turn)
            .map_or(0, |k| p.attackers(turn.other(), k, p.occupied()))
    }

    /// The pieces giving check to the side to move, as a SquareSet.
    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.checkers_mask())
    }

    /// The line a piece of `color` on `square` is pinned to, as an int mask: every square
    /// when it is not pinned.
    fn pin_mask(&self, color: bool, square: &Bound<'_, PyAny>) -> PyResult<u64> {
        let sq = square_arg(square, "square")?;
        Ok(self.placement().pin(self::color(color), sq))
    }

    /// The line a piece of `color` on `square` is pinned to, as a SquareSet.
    fn pin<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.pin_mask(color, square)?)
    }

    /// Whether a piece of `color` on `square` is pinned to its king.
    fn is_pinned(&self, color: bool, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != ALL)
    }

    /// The number of half-moves since the start of the game, from the fullmove number and
    /// the side to move (python-chess's `ply()`).
    fn ply(&self) -> u32 {
        let fullmove = self
            .setup
            .as_ref()
            .map_or(self.core.fullmove_number(), |s| s.fullmove_number());
        2 * (u32::from(fullmove) - 1) + u32::from(self.turn_color() == Color::Black)
    }

    /// The squares of the rooks that keep castling rights, as an int mask (python-chess's
    /// `castling_rights`: `BB_H1` for White's kingside right in standard chess).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.castling_mask()
    }

    /// The rights of `castling_rights` whose king and rook stand where castling needs them
    /// (python-chess's `clean_castling_rights()`): on a valid board, all of them.
    fn clean_castling_rights(&self) -> u64 {
        match self.setup {
            None => self.castling_mask(),
            Some(_) => crate::status::clean_castling_rights(self),
        }
    }

    /// Whether `color` may still castle on either side.
    fn has_castling_rights(&self, color: bool) -> bool {
        let c = self::color(color);
        [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .any(|side| self.castling_rook(c, side).is_some())
    }

    /// Whether `color` may still castle kingside.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.castling_rook(self::color(color), CastlingSide::KingSide)
            .is_some()
    }

    /// Whether `color` may still castle queenside.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.castling_rook(self::color(color), CastlingSide::QueenSide)
            .is_some()
    }

    /// Whether the side to move has a legal en-passant capture.
    fn has_legal_en_passant(&self) -> PyResult<bool> {
        Ok(self.board()?.has_legal_en_passant())
    }

    /// Whether `move` captures (en passant included; castling never does).
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let key = MoveKey::extract(r#move)?;
        let touched = (1u64 << key.from.index()) ^ (1u64 << key.to.index());
        let enemy = self.placement().colors[self.turn_color().other().index()];
        Ok((touched & enemy != 0 && !self.castling_move(key)) || self.en_passant_move(key))
    }

    /// Whether `move` is a pawn capturing en passant.
    fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.en_passant_move(MoveKey::extract(r#move)?))
    }

    /// Whether `move` is castling (a king moving two files, or onto its own rook).
    fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.castling_move(MoveKey::extract(r#move)?))
    }

    /// Whether `move` is kingside castling.
    fn is_kingside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let key = MoveKey::extract(r#move)?;
        Ok(self.castling_move(key) && key.to.file() > key.from.file())
    }

    /// Whether `move` is queenside castling.
    fn is_queenside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let key = MoveKey::extract(r#move)?;
        Ok(self.castling_move(key) && key.to.file() < key.from.file())
    }

    /// Whether `move` resets the fifty-move counter: it moves a pawn or captures.
    fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let key = MoveKey::extract(r#move)?;
        let touched = (1u64 << key.from.index()) | (1u64 << key.to.index());
        let p = self.placement();
        Ok(touched & p.roles[Role::Pawn.index()] != 0
            || touched & p.colors[self.turn_color().other().index()] != 0)
    }

    /// Whether `move`, played, would leave the mover's king in check (python-chess's meaning
    /// for a pseudo-legal move: a legal move never does; castling that is not legal does).
    fn is_into_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if self.resolve(r#move)?.is_some() {
            return Ok(false);
        }
        let key = MoveKey::extract(r#move)?;
        let (from, to) = (key.from, key.to);
        let p = self.placement();
        let turn = self.turn_color();
        let Some(king) = p.king(turn) else {
            return Ok(false);
        };
        if self.castling_move(key) {
            return Ok(true);
        }
        let mut removed = 1u64 << to.index();
        if self.en_passant_move(key) {
            let captured = if turn == Color::White {
                to.index() - 8
            } else {
                to.index() + 8
            };
            removed |= 1u64 << captured;
        }
        let occupied = (p.occupied() & !(1u64 << from.index()) & !removed) | (1u64 << to.index());
        let target = if king == from { to } else { king };
        Ok(p.attackers(turn.other(), target, occupied) & !removed != 0)
    }
}
