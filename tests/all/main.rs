//! All integration tests, one binary, one topic per file.
mod sampler;
