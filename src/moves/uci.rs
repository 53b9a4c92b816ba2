//! A move's UCI text, on the stack, and the text traits shared with SAN.

use super::Move;
use crate::types::{Role, Square};
use core::fmt;
/// A move's UCI text, held on the stack (4 or 5 ASCII bytes).
///
/// ```
/// use movegen::{Board, Uci};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let castle = board.parse_uci("e1g1")?;
/// let text: Uci = castle.uci();
/// assert_eq!(text.as_str(), "e1g1");
/// assert_eq!(castle.uci_chess960().to_string(), "e1h1");
/// assert_eq!(text, "e1g1".parse::<Uci>()?);
/// assert_eq!(board.parse_uci("e1h1")?, castle); // both forms read back
/// assert!(text == "e1g1" && text < castle.uci_chess960()); // compared as text
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci {
    bytes: [u8; 5],
    len: u8,
}

impl Uci {
    /// `0000`, the UCI protocol's null move: [`Move::NULL`]'s text. It reads back with both
    /// squares a1, as `Move::NULL` has them.
    const NULL: Uci = Uci {
        bytes: *b"0000\0",
        len: 4,
    };

    pub(super) fn new(mv: Move, chess960: bool) -> Uci {
        if mv.is_null() {
            return Uci::NULL;
        }
        let to = if mv.is_castling() && !chess960 {
            mv.castling_king_target()
        } else {
            mv.to()
        };
        let mut bytes = [0; 5];
        for (i, sq) in [mv.from(), to].into_iter().enumerate() {
            bytes[2 * i] = b'a' + sq.file() as u8;
            bytes[2 * i + 1] = b'1' + sq.rank() as u8;
        }
        let len = match mv.promotion() {
            Some(role) => {
                bytes[4] = role.char() as u8;
                5
            }
            None => 4,
        };
        Uci { bytes, len }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or(&[]);
        // The bytes are ASCII letters and digits (written above, or checked when parsed).
        core::str::from_utf8(bytes).unwrap_or("")
    }

    /// The origin square.
    #[must_use]
    pub fn from(&self) -> Square {
        square_of(self.bytes[0], self.bytes[1])
    }

    /// Whether this is `0000`, the null move.
    #[must_use]
    pub fn is_null(&self) -> bool {
        *self == Uci::NULL
    }

    /// The destination square as written: for castling the king's destination (`e1g1`) or
    /// its rook's square (`e1h1`).
    #[must_use]
    pub fn to(&self) -> Square {
        square_of(self.bytes[2], self.bytes[3])
    }

    /// The promotion piece, if the text names one.
    #[must_use]
    pub fn promotion(&self) -> Option<Role> {
        if self.len == 5 {
            Role::from_char(self.bytes[4] as char)
        } else {
            None
        }
    }
}

/// The square of a file letter and rank digit already checked to be `a`-`h` and `1`-`8`.
/// (`0000` gives a1.)
fn square_of(file: u8, rank: u8) -> Square {
    if file == b'0' {
        return Square::A1;
    }
    Square::new(u32::from(rank.wrapping_sub(b'1') & 7) * 8 + u32::from(file.wrapping_sub(b'a') & 7))
}

impl core::str::FromStr for Uci {
    type Err = crate::UciError;

    /// Reads UCI move text without a position: two squares and an optional promotion letter
    /// (`n`, `b`, `r`, `q`). Which move it is depends on the position:
    /// [`Board::find_move`](crate::Board::find_move) with [`Uci::from`], [`Uci::to`] and
    /// [`Uci::promotion`], or [`Board::parse_uci`](crate::Board::parse_uci) directly.
    ///
    /// ```
    /// use movegen::{Board, Role, Square, Uci};
    ///
    /// let text: Uci = "e7e8q".parse()?;
    /// assert_eq!((text.from(), text.to(), text.promotion()), (Square::E7, Square::E8, Some(Role::Queen)));
    /// assert!("e7e9".parse::<Uci>().is_err());
    /// let board = Board::startpos();
    /// let e2e4: Uci = "e2e4".parse()?;
    /// assert!(board.find_move(e2e4.from(), e2e4.to(), e2e4.promotion()).is_some());
    /// # Ok::<(), movegen::UciError>(())
    /// ```
    fn from_str(text: &str) -> Result<Uci, crate::UciError> {
        let bytes = text.as_bytes();
        if bytes == b"0000" {
            return Ok(Uci::NULL);
        }
        let valid = matches!(bytes.len(), 4 | 5)
            && matches!(bytes[0], b'a'..=b'h')
            && matches!(bytes[1], b'1'..=b'8')
            && matches!(bytes[2], b'a'..=b'h')
            && matches!(bytes[3], b'1'..=b'8')
            && bytes
                .get(4)
                .is_none_or(|c| matches!(c, b'n' | b'b' | b'r' | b'q'));
        if !valid {
            return Err(crate::UciError::Syntax);
        }
        let mut out = [0; 5];
        out[..bytes.len()].copy_from_slice(bytes);
        Ok(Uci {
            bytes: out,
            len: bytes.len() as u8,
        })
    }
}

/// `Ord`, `AsRef<str>` and comparison with text for a type of move text with `as_str`.
macro_rules! text_traits {
    ($type:ty) => {
        impl PartialOrd for $type {
            fn partial_cmp(&self, other: &$type) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $type {
            /// The order of the texts.
            fn cmp(&self, other: &$type) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl AsRef<str> for $type {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl PartialEq<str> for $type {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $type {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}
pub(crate) use text_traits;

text_traits!(Uci);

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
