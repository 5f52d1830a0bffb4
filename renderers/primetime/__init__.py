"""The Prime Time board image."""
