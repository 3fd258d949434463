"""Server push: news of a change goes from the process that committed it, through Redis
pub/sub, to every open page that shows it (news.py publishes, hub.py fans out in each web
process, streams.py serves the Server-Sent Events). The news names a table or a user and
nothing else: a page that hears it fetches its own partial, as a poll would."""
