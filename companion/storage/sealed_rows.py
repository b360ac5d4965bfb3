"""Sealed rows: the key, sealing and opening a row, reading a row whole or only its public part."""

from __future__ import annotations

import json

from companion.storage import seal as sealing
from companion.storage.errors import StorageError, message
from companion.storage.opengame import place
from companion.storage.records import dumps


class SealedRows:
    """A part of ``Journal`` (journal.py), as the module doc says."""

    def _seal_key(self) -> bytes:
        if self._key is None:
            self._key = sealing.load_key(self.key_file, create=True)
        return self._key

    def _unseal_key(self) -> bytes:
        if self._key is None:
            key = sealing.load_key(self.key_file, create=False)
            if key is None:
                raise StorageError.of("key_missing", key_file=str(self.key_file))
            self._key = key
        return self._key

    def _seal(self, text: str, place: str) -> str:
        return sealing.seal(self._seal_key(), text, place)

    def _unseal(self, text: str, place: str) -> str:
        return sealing.unseal(self._unseal_key(), text, place)

    def _snapshot_state(self, rules, game_id: int, seq: int, sealed: bool, body: str):
        """The state a trusted snapshot holds (opened with the key if sealed); None when the
        rules cannot read it (it is not trusted then). A missing key is said, not passed over."""
        try:
            text = self._unseal(body, place("snapshot", game_id, seq)) if sealed else body
            return rules.state_from_dict(json.loads(text))
        except StorageError as err:
            if err.key == "key_missing":
                raise
        except Exception:  # noqa: BLE001 - a snapshot the rules cannot read is not trusted
            pass
        return None

    def _damaged_row(self, game_id: int, seq: int) -> StorageError:
        return StorageError.of("row_damaged", game=game_id, seq=seq)

    def _loads(self, text, game_id: int, what: str):
        """``json.loads`` of a column; a damaged one is a ``StorageError``, not a traceback."""
        try:
            return json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise StorageError.of("damaged_part", path=str(self.path), game=game_id,
                                  what=message(f"part.{what}")) from None

    def _row_body(self, game_id: int, seq: int, sealed: bool, stored: str) -> dict:
        """``{"command", "events"}`` of a row, unsealed if need be."""
        try:
            body = json.loads(stored)
            if sealed:
                body = json.loads(self._unseal(body["sealed"], place("command", game_id, seq)))
            if not isinstance(body, dict) or not isinstance(body.get("command"), dict):
                raise ValueError("no command")
            return body
        except StorageError:
            raise
        except (ValueError, KeyError, TypeError, RecursionError):
            raise self._damaged_row(game_id, seq) from None

    def _row_public(self, game_id: int, seq: int, sealed: bool, stored: str) -> dict:
        """What anyone may see of a row: all of it, or only type and seat while sealed."""
        try:
            body = json.loads(stored)
            if sealed:
                return {"command": dict(body["public"]), "events": [], "sealed": True}
            if isinstance(body, dict) and isinstance(body.get("command"), dict):
                return body
        except (ValueError, KeyError, TypeError, RecursionError):
            pass
        raise self._damaged_row(game_id, seq)

    def _sealed_body(self, game_id: int, seq: int, command: dict, body: str) -> str:
        public = {k: command[k] for k in ("type", "seat") if k in command}
        return dumps({"public": public, "sealed": self._seal(body, place("command", game_id, seq))})
