#pragma once

#include "FakeReply.h"
#include "llm/LlmSettings.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QThread>

#include <memory>

namespace engram::test {

struct FakeServerState;
class FakeServerCore;

// A real HTTP/1.1 server on 127.0.0.1 that speaks the OpenAI API the way LlmClient expects:
// scripted replies from a queue (errors, stalls, dropped connections, SSE split at any byte),
// a sensible deterministic answer when nothing is scripted, and a record of every request.
// The sockets run on a thread of their own; this object is used from the thread that made it.
//   FakeLlmServer server;                       // listens on a free port
//   LlmClient client(server.clientSettings());
//   server.enqueue(FakeReply::error(500, QStringLiteral("boom")));
class FakeLlmServer final : public QObject
{
    Q_OBJECT

public:
    // Listens on 127.0.0.1:`port` (0: a free port the system picks).
    explicit FakeLlmServer(quint16 port = 0, QObject* parent = nullptr);
    ~FakeLlmServer() override;

    bool isListening() const { return m_listening; }
    QString errorString() const { return m_errorString; }
    quint16 port() const { return m_port; }
    // http://127.0.0.1:PORT/v1
    QString baseUrl() const;
    // Settings for a client of this server: its URL, the key "sk-test-fake-key", models
    // "fake-chat" and "fake-embed", short retry delays, timeouts generous for a loaded machine.
    LlmSettings clientSettings() const;

    // Scripting: the first queued reply whose matcher accepts a request answers it, once.
    void enqueue(const FakeReply& reply);
    void enqueue(const FakeMatcher& matcher, const FakeReply& reply);
    int pendingReplies() const;
    void clearQueue();

    // Behaviour when nothing queued matches.
    void setRequiredApiKey(const QString& key); // others get 401; empty: any key (checked before the queue)
    void setRejectResponseFormat(bool reject);  // 400 for requests with response_format
    void setRejectStreamOptions(bool reject);   // 400 for requests with stream_options
    void setModels(const QStringList& ids);     // what /models lists (default: fake-chat, fake-embed)
    void setPoseAsOllama(bool pose);            // also answer Ollama's GET /api/tags (at the root) with them
    void setRejectUnknownModels(bool reject);   // 404 model_not_found for models not listed
    // Unscripted /embeddings embed each word of a key as the word of its value ({"automobile", "car"}):
    // texts without a shared word can then be close, as with a real model.
    void setEmbeddingSynonyms(const QHash<QString, QString>& synonyms);
    // Pace unscripted replies: `chunkBytes`-byte pieces `delayMs` apart (for a demo that "types").
    void setDefaultPacing(int chunkBytes, int delayMs);

    // What happened.
    QList<RecordedRequest> requests() const;
    int requestCount() const;
    int requestCount(const FakeMatcher& matcher) const;
    RecordedRequest lastRequest() const;
    void clearRequests();
    // Responses the client hung up on before the server finished sending them.
    int abortedResponses() const;
    // Responses sent to the end; responses the server cut short on purpose (dropAfter).
    int completedResponses() const;
    int droppedResponses() const;

    // A deterministic unit vector for `text` (hashed bag of tokens): what unscripted /embeddings returns.
    static QList<float> embeddingFor(const QString& text, int dimensions = 64);

Q_SIGNALS:
    // Emitted (queued, on this object's thread) for every request, before its reply is sent.
    void requestReceived(const engram::test::RecordedRequest& request);

private:
    std::shared_ptr<FakeServerState> m_state;
    QThread m_thread;
    FakeServerCore* m_core{};
    QString m_errorString;
    quint16 m_port{};
    bool m_listening{};
};

} // namespace engram::test

Q_DECLARE_METATYPE(engram::test::RecordedRequest)
