//! Setting up positions without FEN text: the Chess960 start positions by Scharnagl number,
//! and `BoardBuilder` against FEN parsing (the same boards, the same errors).

use crate::common;

use common::{corpus, data_lines};
use movegen::{
    Board, BoardBuilder, CastlingSide, Color, FenError, File, Piece, Rank, Role, Square, perft,
};
use std::collections::HashSet;

/// The back rank of a Chess960 start position, as FEN letters a to h.
fn back_rank(board: &Board) -> String {
    File::ALL
        .iter()
        .map(|&file| {
            board
                .piece_at(Square::from_coords(file, Rank::First))
                .unwrap()
                .char()
        })
        .collect()
}

#[test]
fn the_960_start_positions_are_the_published_ones() {
    // Published anchors of the numbering: 0, the standard array 518, and 959.
    assert_eq!(back_rank(&Board::chess960_startpos(0).unwrap()), "BBQNNRKR");
    assert_eq!(Board::chess960_startpos(518), Some(Board::startpos()));
    assert_eq!(
        back_rank(&Board::chess960_startpos(959).unwrap()),
        "RKRNNQBB"
    );
    assert_eq!(Board::chess960_startpos(960), None);
    assert_eq!(Board::chess960_startpos(u16::MAX), None);
    let mut ranks = HashSet::new();
    for n in 0..960 {
        let board = Board::chess960_startpos(n).unwrap();
        let rank = back_rank(&board);
        // The rules of the array: bishops on squares of both colours, the king between the
        // rooks, and Black's pieces mirroring White's.
        let files = |c: char| {
            rank.char_indices()
                .filter(move |&(_, x)| x == c)
                .map(|(i, _)| i)
        };
        let bishops: Vec<usize> = files('B').collect();
        let rooks: Vec<usize> = files('R').collect();
        let king = files('K').next().unwrap();
        assert_eq!(bishops.len(), 2, "{n}: {rank}");
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: {rank}");
        assert!(rooks[0] < king && king < rooks[1], "{n}: {rank}");
        assert_eq!(
            (files('Q').count(), files('N').count()),
            (1, 2),
            "{n}: {rank}"
        );
        let fen = board.to_string();
        let black = fen.split('/').next().unwrap();
        assert_eq!(black, rank.to_lowercase(), "{n}");
        // All four rights, with the array's own rooks, and the board FEN parsing gives.
        for color in Color::ALL {
            let back = Rank::First.relative_to(color);
            let rook = |i: usize| Some(Square::from_coords(File::ALL[rooks[i]], back));
            assert_eq!(board.castling_rook(color, CastlingSide::QueenSide), rook(0));
            assert_eq!(board.castling_rook(color, CastlingSide::KingSide), rook(1));
        }
        assert_eq!(Board::from_fen(&fen), Ok(board), "{n}");
        assert_eq!(board.legal_moves().len(), perft(&board, 1) as usize);
        ranks.insert(rank);
    }
    assert_eq!(ranks.len(), 960, "every number gives its own array");
}

#[test]
fn double_chess960_puts_each_side_s_own_array() {
    for (white, black) in [(0, 959), (518, 0), (959, 518), (100, 101)] {
        let board = Board::double_chess960_startpos(white, black).unwrap();
        let w = Board::chess960_startpos(white).unwrap();
        let b = Board::chess960_startpos(black).unwrap();
        for sq in Square::ALL {
            let from = if sq.rank() <= Rank::Fourth { w } else { b };
            assert_eq!(
                board.piece_at(sq),
                from.piece_at(sq),
                "{white} {black} {sq}"
            );
        }
        assert_eq!(Board::from_fen(&board.to_string()), Ok(board));
    }
    assert_eq!(Board::double_chess960_startpos(960, 0), None);
    assert_eq!(Board::double_chess960_startpos(0, 960), None);
}

#[test]
fn a_board_taken_apart_builds_again_unchanged() {
    let boards = corpus();
    assert!(boards.len() > 10_000);
    for board in boards {
        let builder = BoardBuilder::from(board);
        assert_eq!(builder.build(), Ok(board), "{board}");
        assert_eq!(builder.build().unwrap().hash(), board.hash(), "{board}");
    }
}

/// The FEN's fields as builder calls, resolved without the crate's FEN parser: pieces by
/// letter, castling letters to rook squares (`K`/`Q` the outermost rook on that side of the
/// king, else the corner; a file letter that file), the en-passant square as written.
fn builder_of(fen: &str) -> BoardBuilder {
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut builder = BoardBuilder::empty();
    for (i, row) in fields[0].split('/').enumerate() {
        let rank = Rank::ALL[7 - i];
        let mut file = 0;
        for c in row.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip as usize;
            } else {
                let sq = Square::from_coords(File::ALL[file], rank);
                builder.put(sq, Piece::from_char(c).unwrap());
                file += 1;
            }
        }
    }
    builder.set_side_to_move(if fields[1] == "w" {
        Color::White
    } else {
        Color::Black
    });
    for c in fields[2].chars().filter(|&c| c != '-') {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = Rank::First.relative_to(color);
        let king_file = File::ALL
            .into_iter()
            .find(|&f| {
                builder.piece_at(Square::from_coords(f, back))
                    == Some(Piece {
                        color,
                        role: Role::King,
                    })
            })
            .unwrap_or(File::E);
        let rook_at = |f: File| {
            builder.piece_at(Square::from_coords(f, back))
                == Some(Piece {
                    color,
                    role: Role::Rook,
                })
        };
        let (side, file) = match c.to_ascii_lowercase() {
            'k' => (
                CastlingSide::KingSide,
                File::ALL
                    .into_iter()
                    .rev()
                    .find(|&f| f > king_file && rook_at(f))
                    .unwrap_or(File::H),
            ),
            'q' => (
                CastlingSide::QueenSide,
                File::ALL
                    .into_iter()
                    .find(|&f| f < king_file && rook_at(f))
                    .unwrap_or(File::A),
            ),
            letter => {
                let file = File::ALL[(letter as u8 - b'a') as usize];
                let side = if file > king_file {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                (side, file)
            }
        };
        builder.set_castling(color, side, Some(Square::from_coords(file, back)));
    }
    if fields[3] != "-" {
        builder.set_en_passant(Some(fields[3].parse().unwrap()));
    }
    builder
}

#[test]
fn every_position_error_of_the_invalid_fens_comes_from_the_builder_too() {
    let mut checked = 0;
    for line in data_lines("tests/data/invalid-fens.txt") {
        let parts: Vec<&str> = line.split('\t').collect();
        let (expected, fen) = (parts[0], parts[1]);
        if !expected.starts_with("Position(") {
            continue;
        }
        let Err(FenError::Position(error)) = Board::from_fen(fen) else {
            panic!("{fen}: FEN parsing should fail with {expected}");
        };
        assert_eq!(format!("Position({error:?})"), expected, "{fen}");
        assert_eq!(builder_of(fen).build(), Err(error), "{fen}");
        checked += 1;
    }
    assert!(checked >= 60, "{checked} position errors");
}

#[test]
fn the_builder_keeps_an_en_passant_square_only_when_a_pawn_can_use_it() {
    let with_capturer = builder_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
        .build()
        .unwrap();
    assert_eq!(with_capturer.en_passant(), Some(Square::D6));
    let without = builder_of("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1")
        .build()
        .unwrap();
    assert_eq!(without.en_passant(), None);
    // A square on the wrong rank for the side to move is an error, not a square kept.
    let mut wrong_rank = builder_of("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    wrong_rank.set_en_passant(Some(Square::D3));
    assert_eq!(
        wrong_rank.build(),
        Err(movegen::PositionError::EnPassantWithoutPawn { square: Square::D3 })
    );
    let mut numbered = builder_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        numbered
            .set_fullmove_number(0)
            .build()
            .unwrap()
            .fullmove_number(),
        1
    );
}
