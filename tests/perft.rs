//! Perft against published counts: every row of `perft.csv` (the Chess Programming Wiki
//! tables), the standard perft suite, Marcel van Kervinck's random positions, and
//! python-chess's tricky positions. Each file has a node budget per row so the default run stays
//! quick; `cargo test --release -- --ignored` runs the deep rows. `MOVEGEN_PERFT_BUDGET=N` caps
//! every default budget (CI uses it for the second slider backend).

use crate::common;

use common::{budget, epd_suite, perft_csv, perft_random, run_cases, run_within_budget, tricky};
use movegen::{Board, CastlingSide, perft};

/// Default budget for perft.csv rows.
const CSV_BUDGET: u128 = 200_000_000;
/// Budget of the ignored deep run.
const DEEP_BUDGET: u128 = 10_000_000_000;

/// Perft through the library's parallel driver with the hash table.
fn hashed_and_threaded(
    board: &Board,
    depth: u32,
    threads: usize,
    table: &movegen::perft::Table,
) -> u128 {
    let divide = movegen::perft::divide_parallel(
        board,
        depth,
        threads,
        |b, d| movegen::perft::perft_hashed(b, d, table),
        std::time::Duration::from_secs(3600),
        |_| {},
    );
    divide.iter().map(|&(_, n)| u128::from(n)).sum()
}

#[test]
fn perft_csv_rows_within_budget() {
    let cases = perft_csv();
    assert_eq!(cases.len(), 57, "perft.csv has every CPW row");
    let ran = run_within_budget("perft.csv", &cases, budget(CSV_BUDGET));
    assert!(ran > 0);
}

#[test]
#[ignore = "deep rows (up to 10^10 leaves each): cargo test --release -- --ignored"]
fn perft_csv_deep_rows() {
    let cases = perft_csv();
    let start = std::time::Instant::now();
    let (ran, skipped) = run_cases(&cases, Some(CSV_BUDGET), DEEP_BUDGET);
    eprintln!(
        "perft.csv deep rows: {ran} pass in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for name in skipped {
        eprintln!(
            "  skipped {name}: over {DEEP_BUDGET} leaves (the hashed, threaded test takes rows up to 10^12)"
        );
    }
}

/// The rows up to 10^12 leaves (start position depth 8, position 6 depth 7, and the rows of the
/// deep test again) with the hash table and every core, through the library's parallel driver.
#[test]
#[ignore = "rows up to 10^12 leaves, hashed and threaded: cargo test --release -- --ignored"]
fn perft_csv_rows_up_to_a_trillion_with_hash_and_threads() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let table = movegen::perft::Table::new(1024).expect("1 GiB table");
    for case in perft_csv() {
        if case.nodes <= DEEP_BUDGET || case.nodes > 1_000_000_000_000 {
            continue;
        }
        let board = Board::from_fen(&case.fen).unwrap();
        let start = std::time::Instant::now();
        let total = hashed_and_threaded(&board, case.depth, threads, &table);
        assert_eq!(total, case.nodes, "{}", case.name);
        eprintln!(
            "{}: {} leaves in {:.1} s ({threads} threads, 1 GiB hash)",
            case.name,
            total,
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn perftsuite_within_budget() {
    let cases = epd_suite("tests/data/perftsuite.epd");
    assert_eq!(cases.len(), 755, "126 positions, one with depths 1-5 only");
    run_within_budget("perftsuite.epd", &cases, budget(10_000_000));
}

#[test]
#[ignore = "every row (4.8 * 10^9 leaves in all): cargo test --release -- --ignored"]
fn perftsuite_all_rows() {
    let (ran, skipped) = run_cases(&epd_suite("tests/data/perftsuite.epd"), None, u128::MAX);
    assert_eq!((ran, skipped.len()), (755, 0));
}

#[test]
#[ignore = "rows up to 10^7 leaves (31,349 rows): cargo test --release -- --ignored"]
fn perft_random_deep_rows() {
    let (ran, _) = run_cases(&perft_random(), Some(1_000_000), 10_000_000);
    eprintln!("perft-random.epd: {ran} more rows pass (10^6 < leaves <= 10^7)");
}

#[test]
fn perft_random_within_budget() {
    let cases = perft_random();
    assert_eq!(cases.len(), 6838 * 6);
    let ran = run_within_budget("perft-random.epd", &cases, budget(1_000_000));
    assert!(
        ran >= 27_000 || std::env::var_os("MOVEGEN_PERFT_BUDGET").is_some(),
        "{ran} rows"
    );
}

#[test]
fn tricky_positions_standard_and_chess960() {
    let cases = tricky();
    assert_eq!(cases.len(), 67);
    let up_to = budget(10_000_000);
    let ran = run_within_budget("python-chess-tricky.perft", &cases, up_to);
    if up_to == 10_000_000 {
        assert_eq!(ran, cases.len(), "every entry fits the default budget");
    }
}

/// X-FEN with the king on h8 and a queen-side right: Chess960 castling with the a8 rook.
#[test]
fn asymmetrical_and_king_on_h() {
    let board = Board::from_fen("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -").unwrap();
    assert!(board.is_chess960());
    assert_eq!(
        board.castling_rook(movegen::Color::Black, CastlingSide::QueenSide),
        Some(movegen::Square::A8)
    );
    for (depth, nodes) in [(1, 14), (2, 206), (3, 3672), (4, 64639)] {
        assert_eq!(perft(&board, depth), nodes, "depth {depth}");
    }
    assert_eq!(
        board.to_string(),
        "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1"
    );
    assert_eq!(
        board.shredder_fen().to_string(),
        "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b HAa - 0 1"
    );
}

/// Castling attacks are tested with the castling rook lifted: here the a1 rook would attack c1
/// through b1 once the b1 rook leaves, so queen-side castling is illegal although c1 looks safe.
#[test]
fn chess960_castling_with_the_rook_lifted() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1").unwrap();
    assert!(board.is_chess960());
    assert!(
        board.legal_moves().iter().all(|m| !m.is_castling()),
        "{:?}",
        board.legal_moves()
    );
    assert!(board.parse_uci("d1b1").is_err());
    // With the a1 rook gone the same castling is legal.
    let board = Board::from_fen("4k3/8/8/8/8/8/8/1R1K4 w B - 0 1").unwrap();
    let castle = board.parse_uci("d1b1").unwrap();
    assert!(castle.is_castling());
    assert_eq!(castle.uci_chess960().to_string(), "d1b1");
    assert_eq!(
        board.play(castle).unwrap().to_string(),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn chess960_fischer_within_budget() {
    let cases = epd_suite("tests/data/chess960-fischer.epd");
    assert_eq!(cases.len(), 960 * 6);
    for case in &cases {
        let board = Board::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        assert_eq!(
            Board::from_fen(&board.shredder_fen().to_string()),
            Ok(board),
            "{}",
            case.fen
        );
        assert_eq!(
            Board::from_fen(&board.to_string()),
            Ok(board),
            "{}",
            case.fen
        );
    }
    let ran = run_within_budget("chess960-fischer.epd", &cases, budget(1_000_000));
    assert!(
        ran >= 960 * 3 || std::env::var_os("MOVEGEN_PERFT_BUDGET").is_some(),
        "{ran}"
    );
}

#[test]
#[ignore = "rows up to 10^8 leaves: cargo test --release -- --ignored"]
fn chess960_fischer_deep_rows() {
    let (ran, _) = run_cases(
        &epd_suite("tests/data/chess960-fischer.epd"),
        Some(1_000_000),
        100_000_000,
    );
    eprintln!("chess960-fischer.epd: {ran} more rows pass (10^6 < leaves <= 10^8)");
}

/// The rest of chess960-fischer.epd (950 depth-6 rows above 10^8 leaves, 5.1 * 10^11 in all)
/// with the hash table and every core: with the rows above, every row of the file.
#[test]
#[ignore = "rows above 10^8 leaves, hashed and threaded: cargo test --release -- --ignored"]
fn chess960_fischer_rows_above_10_8_with_hash_and_threads() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let table = movegen::perft::Table::new(1024).expect("1 GiB table");
    let start = std::time::Instant::now();
    let (mut rows, mut leaves) = (0, 0u128);
    for case in epd_suite("tests/data/chess960-fischer.epd") {
        if case.nodes <= 100_000_000 {
            continue;
        }
        let board = Board::from_fen(&case.fen).unwrap();
        let total = hashed_and_threaded(&board, case.depth, threads, &table);
        assert_eq!(total, case.nodes, "{}", case.name);
        rows += 1;
        leaves += total;
    }
    assert_eq!(rows, 950);
    eprintln!(
        "chess960-fischer.epd: {rows} rows above 10^8 pass, {leaves} leaves in {:.0} s ({threads} threads, 1 GiB hash)",
        start.elapsed().as_secs_f64()
    );
}

/// En passant where capturer and captured pawn both leave the king's rank: the capture would
/// expose the king to the rook. Counts published in python-chess and cross-checked with
/// Stockfish.
#[test]
fn en_passant_rank_pin() {
    let board = Board::from_fen("8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1").unwrap();
    let after = board.play(board.parse_uci("d2d4").unwrap()).unwrap();
    assert_eq!(
        after.en_passant(),
        Some(movegen::Square::D3),
        "e.p. square kept (pins ignored)"
    );
    assert_eq!(after.legal_moves().len(), 6, "c4d3 is illegal");
    assert!(after.parse_uci("c4d3").is_err());

    let board = Board::from_fen("8/6bb/8/8/R1pP2k1/4P3/P7/K7 b - d3 0 1").unwrap();
    for (depth, nodes) in [(1, 21), (2, 206), (3, 4135), (4, 53486)] {
        assert_eq!(perft(&board, depth), nodes, "depth {depth}");
    }
}
