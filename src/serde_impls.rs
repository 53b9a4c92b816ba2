//! The optional `serde` feature: `Board` as its FEN, `Move` and `Uci` as UCI text, and the
//! small types as the text their `Display` writes and their `FromStr` reads (`e4`, `a`, `1`,
//! `white`, `knight`, `N`).
//!
//! A [`Move`] serializes as its standard UCI text ([`Move::uci`], what `Display` writes) but
//! does not deserialize: which move a text is (a double push, en passant, castling) depends on
//! the position. Deserialize a [`Uci`] and resolve it with
//! [`Board::find_move`](crate::Board::find_move) or [`Board::parse_uci`](crate::Board::parse_uci),
//! or store [`Board::uci`](crate::Board::uci) text beside the board.

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
    /// The standard UCI text, as `Display` writes it.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
