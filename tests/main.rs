//! The integration tests, one module per file, built as one test binary (`--test integration`):
//! one link instead of one per file. Run a file's tests with its module path as the filter, as
//! `cargo test --release --test integration -- perft::`.

mod common;

mod api;
mod backend;
mod cli;
mod docs;
mod encode;
mod engine;
mod fuzz_smoke;
mod invalid_input;
mod notation;
mod perft;
mod reference;
mod rules;
mod search;
mod see;
mod setup;
mod split;
mod tables;
mod tools;
