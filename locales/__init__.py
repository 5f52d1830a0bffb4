"""Every language the bot speaks: the catalogues of its words (gettext ``.po`` files, one per language
and domain, read with Babel), which language a Discord locale is, numbers in each language's format,
and the translation of the rules' ``Text`` values and of the games' content names.

Imported by ``bot`` and ``renderers``; it may use ``rules`` (for ``rules.core.text`` and the games'
content translations), never the reverse. How to extract, translate and check: docs/TRANSLATING.md.
"""
