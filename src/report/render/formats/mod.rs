//! The exporters, one file per [`super::Format`]: each holds a
//! `render(document, out)` that writes any [`crate::report::document::Document`]
//! (every kind of block, or the JSON body, or the CSV records).

pub mod csv;
pub mod html;
pub mod json;
pub mod markdown;
pub mod table;
