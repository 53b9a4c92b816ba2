//! The optional `serde` feature: `Board` as its FEN, `Move` and `Uci` as UCI text, and the
//! small types as the text their `Display` writes and their `FromStr` reads (`e4`, `a`, `1`,
//! `white`, `knight`, `N`).
//!
//! A [`Move`] serializes as its 16-bit value ([`Move::raw`], an integer) and deserializes
//! from it ([`Move::from_raw`], values of 32768 and more refused): the value holds the move's
//! kind, so every move, castling and double pushes included, reads back as the same move in
//! any position, Chess960 too. UCI text cannot do that: which move `e2e4` is (a double push or
//! not), or `b1c1` in Chess960 (castling or the king's step), depends on the position. For
//! text that people read, store [`Board::uci`](crate::Board::uci) (a [`Uci`]) and resolve it
//! with [`Board::parse_uci`](crate::Board::parse_uci).

use crate::board::Board;
use crate::moves::{Move, Uci};
use crate::types::{Color, File, Piece, Rank, Role, Square};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

/// Reads a string with `T`'s `FromStr`, its error becoming the deserializer's.
struct TextVisitor<T> {
    expecting: &'static str,
    parsed: PhantomData<T>,
}

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($($type:ty, $expecting:literal;)*) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                deserializer.deserialize_str(TextVisitor {
                    expecting: $expecting,
                    parsed: PhantomData,
                })
            }
        }
    )*};
}

as_text! {
    Board, "a FEN";
    Uci, "a UCI move such as e2e4 or e7e8q";
    Square, "a square such as e4";
    File, "a file letter a-h";
    Rank, "a rank digit 1-8";
    Color, "a colour: w, b, white or black";
    Role, "a role such as n or knight";
    Piece, "a FEN piece letter";
}

impl Serialize for Move {
    /// The 16-bit value, [`Move::raw`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.raw())
    }
}

impl<'de> Deserialize<'de> for Move {
    /// A 16-bit value, read with [`Move::from_raw`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let raw = u16::deserialize(deserializer)?;
        Move::try_from(raw).map_err(de::Error::custom)
    }
}
