//! The `serde` feature (`cargo test --features serde --test serde`): every type as the text its
//! `Display` writes, read back by its `FromStr`, with errors for bad text; a `Move` as its
//! 16-bit value.

use movegen::{Board, Color, File, Move, Piece, Rank, Role, Square, Uci};

/// One of each type, as a tuple (a JSON array): serde's own impls, so the test needs no
/// derive macro (and `cargo test` no serde_derive).
type Sample = (Board, Uci, Square, File, Rank, Color, Role, Piece);

#[test]
fn round_trip_through_json() {
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let sample: Sample = (
        board,
        "e5f7".parse().unwrap(),
        Square::E4,
        File::C,
        Rank::Seventh,
        Color::Black,
        Role::Knight,
        Piece::from_char('Q').unwrap(),
    );
    let json = serde_json::to_string(&sample).unwrap();
    assert_eq!(
        json,
        r#"["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1","e5f7","e4","c","7","black","knight","Q"]"#
    );
    let back: Sample = serde_json::from_str(&json).unwrap();
    assert_eq!(back, sample);
    let best = back.1;
    let mv = back
        .0
        .find_move(best.from(), best.to(), best.promotion())
        .unwrap();
    assert_eq!(back.0.captured(mv), Some(Role::Pawn));
}

#[test]
fn moves_serialize_as_their_value_and_read_back_as_the_same_move() {
    let board = Board::from_fen("r3k2r/1P6/8/8/8/8/4P3/R3K2R w KQkq - 0 1").unwrap();
    let moves: Vec<Move> = ["e2e4", "e1h1", "b7a8q"]
        .iter()
        .map(|text| board.parse_uci(text).unwrap())
        .collect();
    let json = serde_json::to_string(&moves).unwrap();
    let values: Vec<String> = moves.iter().map(|mv| mv.raw().to_string()).collect();
    assert_eq!(json, format!("[{}]", values.join(",")));
    assert_eq!(serde_json::from_str::<Vec<Move>>(&json).unwrap(), moves);
    // Every move two plies deep from positions where UCI text is ambiguous (Chess960: the
    // king's step and castling both `b1c1`) or needs the position (double pushes, en passant).
    for fen in [
        "1k6/8/8/8/8/8/8/RK5R w HA - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let root = Board::from_fen(fen).unwrap();
        let mut seen = 0;
        for first in root.legal_moves() {
            let child = root.play(first).unwrap();
            for mv in child.legal_moves().into_iter().chain([first]) {
                let json = serde_json::to_string(&mv).unwrap();
                let back: Move = serde_json::from_str(&json).unwrap();
                assert_eq!((back, back.kind()), (mv, mv.kind()), "{fen}: {json}");
                seen += 1;
            }
        }
        assert!(seen > 20, "{fen}");
    }
    assert!(serde_json::from_str::<Move>("32768").is_err());
    assert!(serde_json::from_str::<Move>(r#""e2e4""#).is_err());
    for sq in Square::ALL {
        let json = serde_json::to_string(&sq).unwrap();
        assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), sq);
    }
    let board =
        Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
            .unwrap();
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
}

#[test]
fn bad_text_is_an_error_naming_the_problem() {
    let error = serde_json::from_str::<Board>(r#""8/8/8/8/8/8/8/8 x - - 0 1""#).unwrap_err();
    assert!(error.to_string().contains("side to move"), "{error}");
    let error = serde_json::from_str::<Square>(r#""e9""#).unwrap_err();
    assert!(
        error.to_string().contains("expected a square such as e4"),
        "{error}"
    );
    let error = serde_json::from_str::<Square>("12").unwrap_err();
    assert!(error.to_string().contains("a square such as e4"), "{error}");
    assert!(serde_json::from_str::<Uci>(r#""e2e4x""#).is_err());
    assert!(serde_json::from_str::<Color>(r#""red""#).is_err());
}
