//! Standard Algebraic Notation out ([`Board::san`]) and in ([`Board::parse_san`], strict, and
//! [`Board::parse_san_lenient`]).
//!
//! Output follows the PGN standard: piece letter, the least disambiguation that makes the move
//! unique (file, else rank, else both), `x` for captures (pawn captures name the pawn's file),
//! `=Q` for promotions, `O-O`/`O-O-O` for castling (any rook file, so Chess960 too), and `+` or
//! `#`. Strict parsing accepts exactly that text; lenient parsing also takes a missing or wrong
//! check suffix, `!`/`?` annotations, `0-0`, a missing `x`, extra disambiguation, and
//! promotions without `=` or in lower case.

// Untrusted text is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::Move;
use crate::types::{File, Rank, Role, Square};
use core::fmt;

/// A move's SAN text, held on the stack (at most 7 bytes, e.g. `Qa1xb2+`, `exd8=Q#`).
///
/// ```
/// use movegen::{Board, San};
///
/// let board = Board::startpos();
/// let mv = board.parse_uci("g1f3")?;
/// let san: San = board.san(mv);
/// assert_eq!(san.as_str(), "Nf3");
/// assert_eq!(format!("{san}"), "Nf3");
/// assert_eq!(board.parse_san(san.as_str())?, mv);
/// assert!(san == "Nf3" && san.as_ref() == "Nf3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; 8],
    len: u8,
}

impl San {
    fn push(&mut self, c: char) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = c as u8;
            self.len += 1;
        }
    }

    fn push_str(&mut self, s: &str) {
        s.chars().for_each(|c| self.push(c));
    }

    fn push_square(&mut self, sq: Square) {
        self.push(sq.file().char());
        self.push(sq.rank().char());
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or(&[]);
        core::str::from_utf8(bytes).unwrap_or("")
    }
}

crate::moves::text_traits!(San);

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a SAN string was refused.
///
/// ```
/// use movegen::{Board, SanError};
///
/// let board = Board::startpos();
/// assert_eq!(board.parse_san("Nf4"), Err(SanError::Illegal));
/// assert_eq!(board.parse_san("Xy9"), Err(SanError::Syntax));
/// let rooks: Board = "4k3/8/8/8/8/8/7K/R6R w - - 0 1".parse()?;
/// assert_eq!(rooks.parse_san("Rd1"), Err(SanError::Ambiguous)); // Rad1 or Rhd1
/// match board.parse_san("Ng1f3") {
///     Err(SanError::NotStandard { expected }) => assert_eq!(expected.as_str(), "Nf3"),
///     other => panic!("expected NotStandard, got {other:?}"),
/// }
/// # Ok::<(), movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SanError {
    /// Not SAN: e.g. `Nf3`, `exd5`, `e8=Q`, `O-O`, `Raxd1+`.
    Syntax,
    /// Well-formed, but no legal move matches.
    Illegal,
    /// More than one legal move matches; more disambiguation is needed.
    Ambiguous,
    /// Strict parsing: the move is legal but its standard text differs (e.g. a missing `+`,
    /// `0-0`, superfluous disambiguation); `expected` is the standard form.
    NotStandard {
        /// The move's standard SAN.
        expected: San,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax => {
                f.write_str("not a SAN move: expected e.g. Nf3, exd5, e8=Q, O-O or Raxd1+")
            }
            SanError::Illegal => f.write_str("no legal move in this position matches"),
            SanError::Ambiguous => {
                f.write_str("several legal moves match: add the origin file or rank")
            }
            SanError::NotStandard { expected } => {
                write!(f, "not in standard form: the move is written {expected}")
            }
        }
    }
}

impl core::error::Error for SanError {}

/// What a SAN string asks for.
struct Pattern {
    castling: Option<bool>,
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

impl Board {
    /// The SAN of the legal move `mv` (for an illegal move the text is unspecified).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(board.san(board.parse_uci("e5f7")?).as_str(), "Nxf7");
    /// assert_eq!(board.san(board.parse_uci("e1c1")?).as_str(), "O-O-O");
    /// assert_eq!(board.san(board.parse_uci("c3b1")?).as_str(), "Nb1");
    /// let rooks = Board::from_fen("4k3/8/8/8/8/8/7K/R6R w - - 0 1")?;
    /// assert_eq!(rooks.san(rooks.parse_uci("a1d1")?).as_str(), "Rad1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn san(&self, mv: Move) -> San {
        let mut san = San {
            bytes: [0; 8],
            len: 0,
        };
        let (from, to) = (mv.from(), mv.to());
        if mv.is_castling() {
            san.push_str(if to > from { "O-O" } else { "O-O-O" });
        } else {
            let role = self.role_at(from).unwrap_or(Role::Pawn);
            let capture = self.colored(self.side_to_move().other()).contains(to)
                || mv.kind() == crate::moves::MoveKind::EnPassant;
            if role == Role::Pawn {
                if capture {
                    san.push(from.file().char());
                }
            } else {
                san.push(role.char().to_ascii_uppercase());
                // Other pieces of the same role that may go to the same square.
                let mut rivals = Bitboard::EMPTY;
                self.generate_moves(|moves| {
                    if moves.role == role && moves.from != from && moves.to.contains(to) {
                        rivals = rivals.with(moves.from);
                    }
                    false
                });
                if rivals.any() {
                    let same_file = (rivals & Bitboard::file(from.file())).any();
                    let same_rank = (rivals & Bitboard::rank(from.rank())).any();
                    if !same_file {
                        san.push(from.file().char());
                    } else if !same_rank {
                        san.push(from.rank().char());
                    } else {
                        san.push_square(from);
                    }
                }
            }
            if capture {
                san.push('x');
            }
            san.push_square(to);
            if let Some(promoted) = mv.promotion() {
                san.push('=');
                san.push(promoted.char().to_ascii_uppercase());
            }
        }
        if self.gives_check(mv) {
            // Not `play_unchecked`, whose debug assertion would turn the documented
            // "unspecified text" for an illegal move into a panic.
            let after = self.play_any(mv);
            san.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        san
    }

    /// The legal move written `text` in standard SAN, exactly as [`Board::san`] writes it
    /// (check suffix included). Use [`Board::parse_san_lenient`] for hand-written input.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not SAN, [`SanError::Illegal`] when no legal move
    /// matches, [`SanError::Ambiguous`] when several do, and [`SanError::NotStandard`] (with
    /// the standard text) for a legal move written another way.
    ///
    /// ```
    /// use movegen::{Board, SanError};
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_san("Nf3")?.to_string(), "g1f3");
    /// assert!(matches!(board.parse_san("Ngf3"), Err(SanError::NotStandard { .. })));
    /// assert_eq!(board.parse_san("Nf4"), Err(SanError::Illegal));
    /// # Ok::<(), SanError>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let mv = self.parse_san_lenient(text)?;
        let expected = self.san(mv);
        if expected.as_str() == text {
            Ok(mv)
        } else {
            Err(SanError::NotStandard { expected })
        }
    }

    /// The legal move written `text` in SAN, read leniently: surrounding spaces, a missing or
    /// wrong `+`/`#`, annotations (`!`, `?`), `0-0`/`0-0-0`, a missing `x`, superfluous
    /// disambiguation, and promotions without `=` or with a lower-case letter are accepted.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not SAN even leniently, [`SanError::Illegal`]
    /// when no legal move matches, [`SanError::Ambiguous`] when several do.
    ///
    /// ```
    /// use movegen::{Board, SanError};
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_san_lenient("Ng1f3!")?.to_string(), "g1f3");
    /// assert_eq!(board.parse_san_lenient("e4+")?.to_string(), "e2e4");
    /// assert_eq!(board.parse_san_lenient("Zf3"), Err(SanError::Syntax));
    /// # Ok::<(), SanError>(())
    /// ```
    pub fn parse_san_lenient(&self, text: &str) -> Result<Move, SanError> {
        let pattern = parse_pattern(text).ok_or(SanError::Syntax)?;
        let mut found = None;
        let mut matches = 0;
        self.generate_moves(|moves| {
            for mv in moves.moves() {
                if pattern.matches(moves.role, mv) {
                    found = Some(mv);
                    matches += 1;
                }
            }
            false
        });
        match (found, matches) {
            (Some(mv), 1) => Ok(mv),
            (None, _) => Err(SanError::Illegal),
            _ => Err(SanError::Ambiguous),
        }
    }
}

impl Pattern {
    fn matches(&self, role: Role, mv: Move) -> bool {
        if let Some(king_side) = self.castling {
            return mv.is_castling() && (mv.to() > mv.from()) == king_side;
        }
        if mv.is_castling() || role != self.role {
            return false;
        }
        // A pawn move without a file is a push: `e4` is never `dxe4`.
        let file = match (self.from_file, role) {
            (None, Role::Pawn) => Some(self.to.file()),
            (file, _) => file,
        };
        mv.to() == self.to
            && mv.promotion() == self.promotion
            && file.is_none_or(|f| f == mv.from().file())
            && self.from_rank.is_none_or(|r| r == mv.from().rank())
    }
}

/// Reads the SAN syntax (lenient); `None` when it is not SAN at all.
fn parse_pattern(text: &str) -> Option<Pattern> {
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let castling = match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    };
    if castling.is_some() {
        return Some(Pattern {
            castling,
            role: Role::King,
            from_file: None,
            from_rank: None,
            to: Square::A1,
            promotion: None,
        });
    }
    let mut bytes = text.as_bytes();
    let role = match bytes.first()? {
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        b'P' => Role::Pawn,
        _ => Role::Pawn,
    };
    if text.starts_with(['N', 'B', 'R', 'Q', 'K', 'P']) {
        bytes = bytes.get(1..).unwrap_or(&[]);
    }
    // A promotion at the end: `=Q`, `Q` or `q` (pawns only).
    let mut promotion = None;
    if role == Role::Pawn
        && let Some((&last, rest)) = bytes.split_last()
        && matches!(last.to_ascii_lowercase(), b'n' | b'b' | b'r' | b'q')
        && rest
            .last()
            .is_some_and(|&c| c == b'=' || c.is_ascii_digit())
    {
        promotion = Role::from_char(last as char);
        bytes = rest.strip_suffix(b"=").unwrap_or(rest);
    }
    let (to, rest) = match bytes {
        [rest @ .., file, rank] => (square(*file, *rank)?, rest),
        _ => return None,
    };
    let rest = rest.strip_suffix(b"x").unwrap_or(rest);
    let (from_file, from_rank) = match rest {
        [] => (None, None),
        [c] if (b'a'..=b'h').contains(c) => (Some(File::new(u32::from(c - b'a'))), None),
        [c] if (b'1'..=b'8').contains(c) => (None, Some(Rank::new(u32::from(c - b'1')))),
        [file, rank] => {
            let sq = square(*file, *rank)?;
            (Some(sq.file()), Some(sq.rank()))
        }
        _ => return None,
    };
    // A pawn capture names its file; a pawn push names nothing.
    if role == Role::Pawn && from_rank.is_some() {
        return None;
    }
    Some(Pattern {
        castling: None,
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

fn square(file: u8, rank: u8) -> Option<Square> {
    if (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank) {
        Some(Square::from_coords(
            File::new(u32::from(file - b'a')),
            Rank::new(u32::from(rank - b'1')),
        ))
    } else {
        None
    }
}
