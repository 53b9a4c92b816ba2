//! Forsyth-Edwards Notation in and out, with typed errors: [`FenError::Syntax`] names the field
//! and the fault in the text, [`FenError::Position`] a well-formed position that this crate
//! refuses because the generator could not handle it (see [`PositionError`]).

// Untrusted text is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::types::{Color, File, Piece, Rank, Role, Square};
use crate::zobrist;

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

mod error;
#[cfg(test)]
mod tests;
mod write;

pub use error::{FenError, PositionError, SyntaxError};
pub use write::ShredderFen;

impl Board {
    /// Parses a FEN with 4 to 6 fields (missing clocks default to `0 1`) and checks that the
    /// position is one the generator handles. Never panics. Castling may be standard (`KQkq`),
    /// X-FEN (`KQkq` naming the outermost rooks, file letters for inner ones) or Shredder-FEN
    /// (`HAha`); Chess960 rules follow from where the king and rooks stand. `"...".parse()`
    /// does the same (`Board: FromStr`).
    ///
    /// # Errors
    ///
    /// [`FenError::Syntax`] when the text is not a FEN (naming the field and the fault),
    /// [`FenError::Position`] when it describes a position the generator cannot handle (see
    /// [`PositionError`]).
    ///
    /// ```
    /// use movegen::{Board, FenError, SyntaxError};
    ///
    /// let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?;
    /// assert_eq!(board.legal_moves().len(), 20);
    /// let chess960 = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
    /// assert!(chess960.is_chess960());
    /// assert!(matches!(
    ///     Board::from_fen("8/8/8/8/8/8/8/8 x - - 0 1"),
    ///     Err(FenError::Syntax(SyntaxError::SideToMove))
    /// ));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        // One pass over the fields, counting those beyond the sixth.
        let mut parts = [""; 6];
        let mut found = 0;
        for field in fen.split_ascii_whitespace() {
            if let Some(slot) = parts.get_mut(found) {
                *slot = field;
            }
            found += 1;
        }
        if !(4..=6).contains(&found) {
            return Err(SyntaxError::FieldCount { found }.into());
        }
        let [placement, side, castling, ep, halfmove, fullmove] = parts;
        let mut fields = [halfmove, fullmove].into_iter().take(found - 4);
        let mut board = Board::empty();
        parse_placement(&mut board, placement)?;
        let side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(SyntaxError::SideToMove.into()),
        };
        board.set_side_to_move(side);
        let (letters, letter_count) = parse_castling(castling)?;
        let ep = parse_en_passant(ep, side)?;
        let halfmove = match fields.next() {
            Some(text) => parse_number(text).ok_or(SyntaxError::HalfmoveClock)?,
            None => 0,
        };
        let fullmove = match fields.next() {
            Some(text) => parse_number(text)
                .filter(|&n| n > 0)
                .ok_or(SyntaxError::FullmoveNumber)?,
            None => 1,
        };
        board.set_clocks(halfmove, fullmove);

        check_material(&board)?;
        for letter in letters.iter().take(letter_count).flatten() {
            grant(&mut board, *letter)?;
        }
        if let Some(ep) = ep {
            check_en_passant(&board, ep)?;
            // Keep the square only when a pawn of the side to move could capture there.
            if (pawn_attacks(side.other(), ep) & board.colored_pieces(side, Role::Pawn)).any() {
                board.set_en_passant(Some(ep));
            }
        }
        check_checks(&board)?;
        Ok(board)
    }
}

fn back_rank(color: Color) -> Rank {
    if color == Color::White {
        Rank::First
    } else {
        Rank::Eighth
    }
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), SyntaxError> {
    if let Some(pieces) = placement_codes(placement.as_bytes()) {
        board.set_pieces(&pieces);
        return Ok(());
    }
    parse_placement_checked(board, placement)
}

/// What each byte of a placement field is: its mailbox code (bits 0-3, 0 for none), how
/// many squares it covers (bits 4-7: 1 for a piece, 1-8 for a digit, 0 for `/`), and flags
/// for a digit, a slash and a byte a placement may not hold (`0` and `9` included).
#[allow(clippy::indexing_slicing)] // const evaluation: an index out of range fails the build
const PLACEMENT_BYTES: [u16; 256] = {
    let mut table = [INVALID; 256];
    table[b'/' as usize] = SLASH;
    let mut digit = 1;
    while digit <= 8 {
        table[(b'0' + digit) as usize] = DIGIT | (digit as u16) << 4;
        digit += 1;
    }
    let letters = *b"PNBRQK";
    let mut role = 0;
    while role < 6 {
        table[letters[role] as usize] = 1 << 4 | (role as u16 + 1);
        table[letters[role].to_ascii_lowercase() as usize] = 1 << 4 | (role as u16 + 9);
        role += 1;
    }
    table
};
const DIGIT: u16 = 1 << 8;
const SLASH: u16 = 1 << 9;
const INVALID: u16 = 1 << 10;

/// Where the seven slashes of a valid placement stand, in squares passed (FEN order).
const SLASH_MARKS: u128 = 0x0101_0101_0101_0100;

/// The pieces of a placement field, as the fast path reads them.
pub(crate) struct Placement {
    /// The mailbox code of each square, a1 first (0 for empty).
    pub(crate) codes: [u8; 64],
    /// The squares of each code.
    pub(crate) by_code: [u64; 16],
    /// The Zobrist keys of the pieces.
    pub(crate) hash: u64,
}

/// The fast path of [`parse_placement`]: the pieces of a valid placement, read with table
/// lookups and no branch per byte, or `None` for anything the careful parser
/// [`parse_placement_checked`] might refuse (which then runs, and names the problem).
///
/// Valid means: only piece letters, digits 1-8 and slashes; no two digits in a row; seven
/// slashes, the k-th after exactly 8k squares; 64 squares in all. Each byte writes its code
/// at the square it starts on, so a digit or slash writes 0 on a square no piece has taken
/// yet (the position only grows); past the board, the writes land in slots 64-127 or wrap
/// (such input is invalid).
// Every index below is in range by construction: a byte indexes 256 entries, a code (4
// bits) 16, a square masked to 6 bits 64 and a slot masked to 7 bits 128.
#[allow(clippy::indexing_slicing)]
fn placement_codes(placement: &[u8]) -> Option<Placement> {
    if placement.len() > 71 {
        return None;
    }
    let mut codes = [0u8; 128];
    let mut by_code = [0u64; 16];
    let mut hash = 0;
    let mut pos = 0usize; // squares passed, in FEN order (a8 = 0)
    let mut marks = 0u128; // a bit at `pos` for each slash
    let mut flags = 0u16; // every byte's flags, OR-ed
    let mut digits_in_a_row = 0u16;
    let mut previous = 0u16;
    for &byte in placement {
        let entry = PLACEMENT_BYTES[usize::from(byte)];
        let code = usize::from(entry & 15);
        let sq = (pos ^ 56) & 63;
        codes[(pos ^ 56) & 127] = code as u8;
        by_code[code] |= 1 << sq;
        hash ^= zobrist::PIECE_BY_CODE[code][sq];
        marks |= u128::from(entry >> 9 & 1) << (pos & 127);
        flags |= entry;
        digits_in_a_row |= previous & entry;
        previous = entry;
        pos += usize::from(entry >> 4 & 15);
    }
    let slashes = placement.iter().filter(|&&b| b == b'/').count();
    if pos != 64 || marks != SLASH_MARKS || slashes != 7 || flags & INVALID != 0 {
        return None;
    }
    if digits_in_a_row & DIGIT != 0 {
        return None;
    }
    let mut board = [0u8; 64];
    board.copy_from_slice(&codes[..64]);
    Some(Placement {
        codes: board,
        by_code,
        hash,
    })
}

/// The placement parser that checks every rule and names what is wrong.
fn parse_placement_checked(board: &mut Board, placement: &str) -> Result<(), SyntaxError> {
    // One pass over the characters (splitting at '/' first cost twice as much).
    let found = placement.bytes().filter(|&b| b == b'/').count() + 1;
    if found != 8 {
        return Err(SyntaxError::RankCount { found });
    }
    let mut rank_index = 7u32;
    let mut file = 0u32;
    let mut after_digit = false;
    for (at, &byte) in placement.as_bytes().iter().enumerate() {
        let rank = rank_index as u8 + 1;
        match byte {
            b'/' => {
                if file < 8 {
                    return Err(SyntaxError::RankTooShort { rank });
                }
                // Eight ranks, so seven slashes: the index stays above zero here.
                rank_index = rank_index.saturating_sub(1);
                file = 0;
                after_digit = false;
            }
            b'0'..=b'9' => {
                if after_digit || matches!(byte, b'0' | b'9') {
                    return Err(SyntaxError::EmptySquares { rank });
                }
                after_digit = true;
                file += u32::from(byte - b'0');
                if file > 8 {
                    return Err(SyntaxError::RankTooLong { rank });
                }
            }
            _ => {
                after_digit = false;
                let Some(piece) = piece_of_byte(byte) else {
                    // The whole character, for a letter outside ASCII.
                    let found = placement
                        .get(at..)
                        .and_then(|t| t.chars().next())
                        .unwrap_or('?');
                    return Err(SyntaxError::PieceLetter { rank, found });
                };
                if file >= 8 {
                    return Err(SyntaxError::RankTooLong { rank });
                }
                board.put(piece.color, piece.role, Square::new(rank_index * 8 + file));
                file += 1;
            }
        }
    }
    if file < 8 {
        return Err(SyntaxError::RankTooShort { rank: 1 });
    }
    Ok(())
}

/// The piece of an ASCII FEN letter.
#[inline]
fn piece_of_byte(byte: u8) -> Option<Piece> {
    let (color, role) = match byte {
        b'P' => (Color::White, Role::Pawn),
        b'N' => (Color::White, Role::Knight),
        b'B' => (Color::White, Role::Bishop),
        b'R' => (Color::White, Role::Rook),
        b'Q' => (Color::White, Role::Queen),
        b'K' => (Color::White, Role::King),
        b'p' => (Color::Black, Role::Pawn),
        b'n' => (Color::Black, Role::Knight),
        b'b' => (Color::Black, Role::Bishop),
        b'r' => (Color::Black, Role::Rook),
        b'q' => (Color::Black, Role::Queen),
        b'k' => (Color::Black, Role::King),
        _ => return None,
    };
    Some(Piece { color, role })
}

/// One letter of the castling field: `KQkq` (the outermost rook on that side of the king, as in
/// standard FEN and X-FEN) or a rook's file (Shredder-FEN and X-FEN), with the colour from its case.
#[derive(Clone, Copy)]
enum CastlingLetter {
    Side(Color, CastlingSide),
    File(Color, File),
}

/// The letters of the castling field (at most four).
fn parse_castling(text: &str) -> Result<([Option<CastlingLetter>; 4], usize), SyntaxError> {
    let mut letters = [None; 4];
    if text == "-" {
        return Ok((letters, 0));
    }
    let mut len = 0;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let letter = match c.to_ascii_lowercase() {
            'k' => CastlingLetter::Side(color, CastlingSide::KingSide),
            'q' => CastlingLetter::Side(color, CastlingSide::QueenSide),
            f @ 'a'..='h' => CastlingLetter::File(color, File::new(u32::from(f as u8 - b'a'))),
            _ => return Err(SyntaxError::Castling),
        };
        *letters.get_mut(len).ok_or(SyntaxError::Castling)? = Some(letter);
        len += 1;
    }
    Ok((letters, len))
}

/// Grants the castling right a letter names: the king must stand on its back rank and the rook
/// on the named file (or, for `K`/`Q`, be the outermost rook on that side of the king).
fn grant(board: &mut Board, letter: CastlingLetter) -> Result<(), FenError> {
    let (color, side, rook) = match letter {
        CastlingLetter::Side(color, side) => {
            let rank = back_rank(color);
            let king = board.king(color);
            let rooks = board.colored_pieces(color, Role::Rook) & Bitboard::rank(rank);
            let beyond = |sq: Square| match side {
                CastlingSide::KingSide => sq.file() > king.file(),
                CastlingSide::QueenSide => sq.file() < king.file(),
            };
            let mut candidates = rooks.into_iter().filter(|&sq| beyond(sq));
            let outermost = match side {
                CastlingSide::KingSide => candidates.next_back(),
                CastlingSide::QueenSide => candidates.next(),
            };
            let rook = outermost
                .filter(|_| king.rank() == rank)
                .ok_or(PositionError::CastlingWithoutPieces { color, side })?;
            (color, side, rook)
        }
        CastlingLetter::File(color, file) => {
            let rank = back_rank(color);
            let king = board.king(color);
            let side = if file > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            let rook = Square::from_coords(file, rank);
            if king.rank() != rank
                || file == king.file()
                || board.piece_at(rook)
                    != Some(Piece {
                        color,
                        role: Role::Rook,
                    })
            {
                return Err(PositionError::CastlingWithoutPieces { color, side }.into());
            }
            (color, side, rook)
        }
    };
    if board.castling_rook(color, side).is_some() {
        // The same right twice (e.g. `KH` with the king-side rook on h1).
        return Err(SyntaxError::Castling.into());
    }
    board.grant_castling(color, side, rook);
    Ok(())
}

fn parse_en_passant(text: &str, side: Color) -> Result<Option<Square>, SyntaxError> {
    if text == "-" {
        return Ok(None);
    }
    let sq = Square::parse(text).ok_or(SyntaxError::EnPassant)?;
    let rank = if side == Color::White {
        Rank::Sixth
    } else {
        Rank::Third
    };
    if sq.rank() != rank {
        return Err(SyntaxError::EnPassant);
    }
    Ok(Some(sq))
}

/// A clock: ASCII digits only (no sign), fitting in 16 bits.
fn parse_number(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

pub(crate) fn check_material(board: &Board) -> Result<(), PositionError> {
    for color in [Color::White, Color::Black] {
        let found = board.colored_pieces(color, Role::King).count();
        if found != 1 {
            return Err(PositionError::KingCount { color, found });
        }
        if board.colored(color).count() > 16 {
            return Err(PositionError::TooManyPieces { color });
        }
    }
    if let Some(square) = (board.pieces(Role::Pawn) & Bitboard::BACK_RANKS).first() {
        return Err(PositionError::PawnOnBackRank { square });
    }
    Ok(())
}

/// The pawn that double-pushed past `ep` must stand in front of it, with `ep` and the square it
/// came from empty.
pub(crate) fn check_en_passant(board: &Board, ep: Square) -> Result<(), PositionError> {
    let pusher = board.side_to_move().other();
    let (pawn_rank, origin_rank) = match pusher {
        Color::White => (Rank::Fourth, Rank::Second),
        Color::Black => (Rank::Fifth, Rank::Seventh),
    };
    let pawn = Square::from_coords(ep.file(), pawn_rank);
    let origin = Square::from_coords(ep.file(), origin_rank);
    let occupied = board.occupied();
    if board.piece_at(pawn)
        != Some(Piece {
            color: pusher,
            role: Role::Pawn,
        })
        || occupied.contains(ep)
        || occupied.contains(origin)
    {
        return Err(PositionError::EnPassantWithoutPawn { square: ep });
    }
    Ok(())
}

pub(crate) fn check_checks(board: &Board) -> Result<(), PositionError> {
    let us = board.side_to_move();
    let them = us.other();
    if (board.attackers_to(board.king(them), board.occupied()) & board.colored(us)).any() {
        return Err(PositionError::OppositeCheck);
    }
    let found = board.checkers().count();
    if found > 2 {
        return Err(PositionError::TooManyCheckers { found });
    }
    Ok(())
}
