"""Every choice open to the active fighter in one model, priced: single dice and tokens from
``pricing``, several spent together from the bundle modules."""

from __future__ import annotations

from collections.abc import Iterator

from rules.cell.ai.choices import Choice
from rules.cell.ai.power_up_bundles import activation_bundles, purchase_bundles
from rules.cell.ai.pricing import Pricer
from rules.cell.ai.spend_bundles import cancel_bundles, heal_bundles, meter_bundles


class ChoiceMaker(Pricer):
    """Lists and prices every choice open to the active fighter in one model."""

    def bundle_choices(self) -> Iterator[Choice]:
        """Choices spending several dice or tokens together."""
        yield from cancel_bundles(self)
        yield from activation_bundles(self)
        yield from purchase_bundles(self)
        yield from heal_bundles(self)
        yield from meter_bundles(self)
