"""Operation handlers and post-processors, one small module per family (see ops.toml)."""
