"""Rummathon Royale: twelve round sequences per rule card, sets, runs and colour groups,
and the action cards Flex, Bypass, Burden, Double Burden, Block and Sabotage."""
