"""The broker of `make run` when no REDIS_URL is set: kombu's SQLAlchemy transport on a
SQLite file under VAR_DIR.

A message is one row, inserted in one transaction, so a consumer sees all of it or nothing.
(kombu's filesystem transport, used before, created a message file and only then wrote
it, and its consumer read files without the writer's lock: an idle worker could read an
empty file and die of it. docs/decisions.md, "The embedded broker".)

Two changes to kombu's channel:
- a delivered row is deleted in the transaction that takes it, where kombu keeps it with
  `visible = False` for ever, so the file holds the backlog and no more;
- the SQLite file runs in WAL mode, so publishers and the workers' polls don't block each
  other's reads, and a writer waits up to BUSY_TIMEOUT for the lock instead of failing.
"""

from json import loads
from queue import Empty

from kombu.transport import sqlalchemy as kombu_sqlalchemy
from kombu.utils.encoding import bytes_to_str
from sqlalchemy import create_engine, event, text

BUSY_TIMEOUT = 30  # seconds


def _use_wal(dbapi_connection, _record) -> None:
    dbapi_connection.execute("PRAGMA journal_mode=WAL")


class Channel(kombu_sqlalchemy.Channel):
    def _engine_from_config(self):
        engine = create_engine(self.connection.client.hostname, connect_args={"timeout": BUSY_TIMEOUT})
        event.listen(engine, "connect", _use_wal)
        return engine

    def _get(self, queue):
        queue_id = self._get_or_create(queue).id
        session = self.session
        # Take the write lock first: of two readers only one gets a given row.
        session.execute(text("BEGIN IMMEDIATE TRANSACTION"))
        try:
            row = (session.query(self.message_cls).filter(self.message_cls.queue_id == queue_id)
                   .order_by(self.message_cls.id).first())
            payload = None if row is None else row.payload
            if row is not None:
                session.delete(row)
            session.commit()
        except BaseException:
            session.rollback()
            raise
        if payload is None:
            raise Empty()
        return loads(bytes_to_str(payload))


class Transport(kombu_sqlalchemy.Transport):
    Channel = Channel
