"""The broker with REDIS_URL: kombu's Redis transport, surviving a lost Redis.

When the connection to Redis drops, Celery closes the consumer's connection, and closing
its channel "restores" the messages the worker holds but has not acknowledged (a bot turn
waiting out its countdown, a task running with acks_late) by pushing them back on their
queue. kombu 5.7 does that after the transport has already forgotten its connection's
address, so it fails with an AttributeError instead of a connection error, and the worker
stops for good ("Unrecoverable error"): every lost Redis during bot play killed the bots
worker. Restoring needs Redis anyway, which has just gone; left alone, the messages stay
in Redis' unacknowledged set, and a worker puts them back on their queue once the
visibility timeout passes (`CELERY_BROKER_TRANSPORT_OPTIONS`). A bot turn lost for longer
is sent again by the sweeper (`requeue_overdue_bot_turns`).
"""

from kombu.transport import redis


class QoS(redis.QoS):
    def restore_unacked(self, client=None):
        if self.channel.connection.client is None:  # closing after the broker went: see above
            return None
        return super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
