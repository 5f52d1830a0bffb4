"""Prime Time: the two-player miniatures skirmish on a 30"x30" board."""
