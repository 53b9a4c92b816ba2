//! The test suite's properties and reference generator, shared with the fuzz targets.
#![allow(dead_code)]

#[path = "../../tests/common/reference.rs"]
pub mod reference;

#[path = "../../tests/common/properties.rs"]
pub mod properties;

/// Start positions the move and play targets choose from with their first byte.
pub use properties::START_POSITIONS as POSITIONS;
