//! FEN in and out (every error class), UCI moves, and the Polyglot hash of positions.

use crate::common;

use common::data_lines;
use movegen::{
    Board, CastlingSide, Color, FenError, MoveKind, PositionError, STARTPOS, Square, SyntaxError,
    UciError,
};

fn syntax(fen: &str) -> SyntaxError {
    match Board::from_fen(fen) {
        Err(FenError::Syntax(e)) => e,
        other => panic!("{fen:?}: expected a syntax error, got {other:?}"),
    }
}

fn position(fen: &str) -> PositionError {
    match Board::from_fen(fen) {
        Err(FenError::Position(e)) => e,
        other => panic!("{fen:?}: expected a position error, got {other:?}"),
    }
}

#[test]
fn fen_syntax_errors_name_field_and_fault() {
    use SyntaxError::*;
    let cases: &[(&str, SyntaxError)] = &[
        ("", FieldCount { found: 0 }),
        ("8/8/8/8/8/8/8/8 w", FieldCount { found: 2 }),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            FieldCount { found: 7 },
        ),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", RankCount { found: 7 }),
        ("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", RankCount { found: 9 }),
        (
            "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
            PieceLetter {
                rank: 1,
                found: 'X',
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2é w - - 0 1",
            PieceLetter {
                rank: 1,
                found: 'é',
            },
        ),
        ("4k3/8/8/8/0/8/8/4K3 w - - 0 1", EmptySquares { rank: 4 }),
        ("4k3/8/8/8/9/8/8/4K3 w - - 0 1", EmptySquares { rank: 4 }),
        ("4k3/8/8/8/44/8/8/4K3 w - - 0 1", EmptySquares { rank: 4 }),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", RankTooLong { rank: 1 }),
        (
            "4k3/8/8/8/8/8/pppppppp1/4K3 w - - 0 1",
            RankTooLong { rank: 2 },
        ),
        (
            "4k3/ppppppppp/8/8/8/8/8/4K3 w - - 0 1",
            RankTooLong { rank: 7 },
        ),
        ("4k2/8/8/8/8/8/8/4K3 w - - 0 1", RankTooShort { rank: 8 }),
        ("4k3/8/8/8//8/8/4K3 w - - 0 1", RankTooShort { rank: 4 }),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", SideToMove),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", SideToMove),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w X - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w -K - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1", Castling),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Kz - 0 1", Castling),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", EnPassant),
        ("4k3/8/8/8/8/8/8/4K3 b - e6 0 1", EnPassant),
        ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", EnPassant),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", HalfmoveClock),
        ("4k3/8/8/8/8/8/8/4K3 w - - +1 1", HalfmoveClock),
        ("4k3/8/8/8/8/8/8/4K3 w - - 65536 1", HalfmoveClock),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", HalfmoveClock),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", FullmoveNumber),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999",
            FullmoveNumber,
        ),
    ];
    for &(fen, want) in cases {
        assert_eq!(syntax(fen), want, "{fen:?}");
        assert!(!Board::from_fen(fen).unwrap_err().to_string().is_empty());
    }
}

#[test]
fn fen_position_errors() {
    use PositionError::*;
    let cases: &[(&str, PositionError)] = &[
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            KingCount {
                color: Color::Black,
                found: 0,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            KingCount {
                color: Color::White,
                found: 2,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            KingCount {
                color: Color::White,
                found: 0,
            },
        ),
        (
            "4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/Q7/4K3 w - - 0 1",
            TooManyPieces {
                color: Color::White,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            PawnOnBackRank { square: Square::A1 },
        ),
        (
            "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
            PawnOnBackRank { square: Square::H8 },
        ),
        ("4k3/8/8/8/8/8/8/K3R3 w - - 0 1", OppositeCheck),
        (
            "4k3/8/5N2/1B6/8/8/8/K3R3 b - - 0 1",
            TooManyCheckers { found: 3 },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            CastlingWithoutPieces {
                color: Color::White,
                side: CastlingSide::KingSide,
            },
        ),
        (
            "4k1r1/8/8/8/8/8/8/4K3 w q - 0 1",
            CastlingWithoutPieces {
                color: Color::Black,
                side: CastlingSide::QueenSide,
            },
        ),
        (
            "4k2r/8/8/8/8/8/8/4K2R w Kq - 0 1",
            CastlingWithoutPieces {
                color: Color::Black,
                side: CastlingSide::QueenSide,
            },
        ),
        (
            "r3k2r/8/8/8/8/8/8/R6K w K - 0 1",
            CastlingWithoutPieces {
                color: Color::White,
                side: CastlingSide::KingSide,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            EnPassantWithoutPawn { square: Square::E6 },
        ),
        (
            "4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1",
            EnPassantWithoutPawn { square: Square::E6 },
        ),
        (
            "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
            EnPassantWithoutPawn { square: Square::E6 },
        ),
        (
            "4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1",
            EnPassantWithoutPawn { square: Square::E6 },
        ),
    ];
    for &(fen, want) in cases {
        assert_eq!(position(fen), want, "{fen:?}");
    }
}

#[test]
fn two_checkers_are_accepted() {
    // Rook and knight both check the black king (a legal double check).
    let board = Board::from_fen("4k3/8/5N2/8/8/8/8/K3R3 b - - 0 1").unwrap();
    assert_eq!(board.checkers().count(), 2);
    assert!(board.legal_moves().iter().all(|m| m.from() == Square::E8));
}

#[test]
fn fen_defaults_and_normalisation() {
    let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
        .unwrap();
    assert_eq!((board.halfmove_clock(), board.fullmove_number()), (0, 1));
    assert_eq!(
        board.to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    );
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 17").unwrap();
    assert_eq!((board.halfmove_clock(), board.fullmove_number()), (17, 1));
    // Castling letters in any order are read, written in KQkq order.
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1").unwrap();
    assert_eq!(board.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // An en-passant square no pawn can use is dropped (the Polyglot rule) and written as '-'.
    let board =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(board.en_passant(), None);
    assert_eq!(
        board.to_string(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // Kept when a pawn of the side to move stands beside the pushed pawn.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2";
    assert_eq!(Board::from_fen(fen).unwrap().to_string(), fen);
    // Every CPW FEN with its clocks round trips exactly.
    for case in common::perft_csv() {
        let board = Board::from_fen(&case.fen).unwrap();
        if case.fen.split_whitespace().count() == 6 {
            assert_eq!(board.to_string(), case.fen);
        }
        assert_eq!(Board::from_fen(&board.to_string()).unwrap(), board);
    }
    assert_eq!(Board::startpos().to_string(), STARTPOS);
    // Extra whitespace between fields is accepted.
    assert_eq!(
        Board::from_fen("  4k3/8/8/8/8/8/8/4K3   w  -  -  ")
            .unwrap()
            .to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
}

#[test]
fn chess960_castling_fields() {
    // Shredder-FEN and X-FEN name the same rights as standard FEN for standard positions.
    let standard = Board::startpos();
    for castling in ["HAha", "AHah", "KQkq", "KAka"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w {castling} - 0 1");
        assert_eq!(Board::from_fen(&fen), Ok(standard), "{castling}");
    }
    assert!(!standard.is_chess960());
    assert_eq!(
        standard.shredder_fen().to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    // A Chess960 start: king b1, rooks a1 and c1... X-FEN uses KQkq for outermost rooks.
    let board =
        Board::from_fen("rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1").unwrap();
    assert!(board.is_chess960());
    assert_eq!(
        board.castling_rook(Color::White, CastlingSide::KingSide),
        Some(Square::C1)
    );
    assert_eq!(
        board.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(Square::A1)
    );
    assert_eq!(
        board.shredder_fen().to_string(),
        "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1"
    );
    assert_eq!(
        board.to_string(),
        "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1"
    );
    // X-FEN `q` names the outermost rook on that side, wherever it stands (b8 here).
    let b8 = Board::from_fen("1r2k3/8/8/8/8/8/8/4K3 w q - 0 1").unwrap();
    assert_eq!(
        b8.castling_rook(Color::Black, CastlingSide::QueenSide),
        Some(Square::B8)
    );
    assert_eq!(
        b8.shredder_fen().to_string(),
        "1r2k3/8/8/8/8/8/8/4K3 w b - 0 1"
    );
    // Two rooks on one side: the inner one needs its file letter in X-FEN.
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1").unwrap();
    assert_eq!(
        inner.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(Square::B1)
    );
    assert_eq!(inner.to_string(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    let outer = Board::from_fen("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1").unwrap();
    assert_eq!(
        outer.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(Square::A1)
    );
    assert_eq!(outer.to_string(), "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    // Which rook may castle is part of the position: the keys differ (Chess960 keys documented
    // in CHESS960_ROOK_FILE) and equal the keys from scratch.
    assert_ne!(inner.hash(), outer.hash());
    assert_eq!(inner.hash(), inner.compute_hash());
    assert_eq!(
        outer.hash() ^ inner.hash(),
        movegen::CHESS960_ROOK_FILE[1][1]
    );
    // Castling prints as king-takes-rook in Chess960 notation.
    let castle = inner.parse_uci("e1b1").unwrap();
    assert_eq!(
        (castle.uci_chess960().to_string(), castle.uci().to_string()),
        ("e1b1".into(), "e1c1".into())
    );
    assert_eq!(
        inner.parse_uci("e1c1"),
        Ok(castle),
        "standard form accepted when unambiguous"
    );
}

#[test]
fn uci_moves_in_and_out() {
    let board = Board::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let castle = board.parse_uci("e1g1").unwrap();
    assert_eq!(castle.kind(), MoveKind::Castling);
    assert_eq!(
        (castle.from(), castle.to()),
        (Square::E1, Square::H1),
        "king takes rook internally"
    );
    assert_eq!(castle.to_string(), "e1g1");
    assert_eq!(castle.uci_chess960().to_string(), "e1h1");
    assert_eq!(
        board.parse_uci("e1h1"),
        Ok(castle),
        "king-takes-rook accepted too"
    );
    assert_eq!(board.parse_uci("e1c1").unwrap().to_string(), "e1c1");
    let promo = board.parse_uci("b7a8n").unwrap();
    assert_eq!(promo.kind(), MoveKind::PromoteKnight);
    assert_eq!(promo.to_string(), "b7a8n");
    assert_eq!(board.parse_uci("b7b8q").unwrap().to_string(), "b7b8q");
    assert_eq!(
        board.parse_uci("b7b8"),
        Err(UciError::Illegal),
        "promotion piece missing"
    );
    assert_eq!(board.parse_uci("e1e3"), Err(UciError::Illegal));
    assert_eq!(
        board.parse_uci("e8e7"),
        Err(UciError::Illegal),
        "not our piece"
    );
    for bad in [
        "", "e1", "e1g", "e1g1k", "e1g1qq", "i1g1", "e0e1", "E1G1", "e1g1 ",
    ] {
        assert_eq!(board.parse_uci(bad), Err(UciError::Syntax), "{bad:?}");
    }
    // Every generated move reads back from its own text.
    for &mv in board.legal_moves().iter() {
        assert_eq!(board.parse_uci(&mv.to_string()), Ok(mv));
    }
    assert_eq!(movegen::Move::from_raw(0xffff), None);
}

fn key(text: &str) -> u64 {
    u64::from_str_radix(text.trim_start_matches("0x"), 16).unwrap()
}

#[test]
fn polyglot_reference_keys() {
    assert_eq!(Board::startpos().hash(), 0x463b96181691fc9c);
    let rows = data_lines("tests/data/polyglot-reference.csv");
    assert_eq!(rows[0], "fen,key");
    assert_eq!(rows.len(), 10);
    for row in &rows[1..] {
        let (fen, hex) = row.rsplit_once(',').unwrap();
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(board.hash(), key(hex), "{fen}");
        assert_eq!(board.compute_hash(), key(hex), "{fen}");
    }
    // The same keys reached incrementally, by playing the specification's move sequences.
    let key_of_row = |i: usize| key(rows[i].rsplit_once(',').unwrap().1);
    let mut board = Board::startpos();
    for (i, mv) in ["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"]
        .iter()
        .enumerate()
    {
        board = board.play(board.parse_uci(mv).unwrap()).unwrap();
        assert_eq!(board.hash(), key_of_row(i + 2), "after {mv}");
    }
    let mut board = Board::startpos();
    for mv in ["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"] {
        board = board.play(board.parse_uci(mv).unwrap()).unwrap();
    }
    assert_eq!(board.hash(), key_of_row(8));
    for mv in ["b4c3", "a1a3"] {
        board = board.play(board.parse_uci(mv).unwrap()).unwrap();
    }
    assert_eq!(board.hash(), key_of_row(9));
}

#[test]
fn polyglot_key_of_pinned_en_passant() {
    // The en-passant file is hashed although the capture is illegal (rank pin): Polyglot
    // considers only whether a pawn stands beside the pushed pawn.
    let board = Board::from_fen("8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1").unwrap();
    let after = board.play(board.parse_uci("d2d4").unwrap()).unwrap();
    assert_eq!(after.hash(), 0x9570d19f3e7ca0dd);
    assert_eq!(after.hash(), after.compute_hash());
}
