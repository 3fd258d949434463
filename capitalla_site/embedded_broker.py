"""The broker of `make run` when no REDIS_URL is set: kombu's SQLAlchemy transport on a
SQLite file under VAR_DIR.

A message is one row, inserted in one transaction, so a consumer sees all of it or nothing.
(kombu's filesystem transport, used before, created a message file and only then wrote
it, and its consumer read files without the writer's lock: an idle worker could read an
empty file and die of it. docs/decisions/0002-embedded-defaults.md.)

Four changes to kombu's channel:
- a delivered row is deleted in the transaction that takes it, where kombu keeps it with
  `visible = False` for ever, so the file holds the backlog and no more;
- the tables are made by one process at a time: every worker, beat and the web server open
  the file as they start, and kombu's own `create_all` raced ("table kombu_queue already
  exists"), which a worker took for a lost broker; a queue's row likewise (kombu's insert
  raced into a unique-constraint error, which failed the publish);
- the SQLite file runs in WAL mode, so publishers and the workers' polls don't block each
  other's reads, and a writer waits up to BUSY_TIMEOUT for the lock instead of failing.
"""

from json import loads
from queue import Empty

from kombu.transport import sqlalchemy as kombu_sqlalchemy
from kombu.transport.sqlalchemy.models import metadata
from kombu.utils.encoding import bytes_to_str
from sqlalchemy import create_engine, event, text

BUSY_TIMEOUT = 30  # seconds


def _use_wal(dbapi_connection, _record) -> None:
    dbapi_connection.execute("PRAGMA journal_mode=WAL")


class Channel(kombu_sqlalchemy.Channel):
    def _engine_from_config(self):
        engine = create_engine(self.connection.client.hostname, connect_args={"timeout": BUSY_TIMEOUT})
        event.listen(engine, "connect", _use_wal)
        with engine.connect() as connection:  # the write lock first: one creator at a time
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            metadata.create_all(connection)
            connection.commit()
        return engine

    def _get_or_create(self, queue):
        found = self.session.query(self.queue_cls).filter(self.queue_cls.name == queue).first()
        if found is not None:
            return found
        return self._write(
            lambda session: (
                session.query(self.queue_cls).filter(self.queue_cls.name == queue).first()
                or _added(session, self.queue_cls(queue))
            )
        )

    def _write(self, work):
        """`work(session)` under the file's write lock, committed; its answer."""
        session = self.session
        session.execute(text("BEGIN IMMEDIATE TRANSACTION"))
        try:
            answer = work(session)
            session.commit()
        except BaseException:
            session.rollback()
            raise
        return answer

    def _get(self, queue):
        queue_id = self._get_or_create(queue).id

        def take(session):  # under the write lock: of two readers only one gets a row
            row = (
                session.query(self.message_cls)
                .filter(self.message_cls.queue_id == queue_id)
                .order_by(self.message_cls.id)
                .first()
            )
            if row is None:
                return None
            session.delete(row)
            return row.payload

        payload = self._write(take)
        if payload is None:
            raise Empty()
        return loads(bytes_to_str(payload))


def _added(session, row):
    session.add(row)
    return row


class Transport(kombu_sqlalchemy.Transport):
    Channel = Channel
