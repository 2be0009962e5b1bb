#include "FakeLlmServer.h"

#include "FakeServerCore.h"
#include "FakeServerState.h"
#include "core/SearchTokenizer.h"

#include <QMutexLocker>

namespace engram::test {

FakeLlmServer::FakeLlmServer(quint16 port, QObject* parent)
    : QObject(parent)
    , m_state(std::make_shared<FakeServerState>())
{
    qRegisterMetaType<RecordedRequest>();
    m_thread.setObjectName(QStringLiteral("FakeLlmServer"));
    m_core = new FakeServerCore(m_state);
    m_core->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_core, &QObject::deleteLater);
    connect(m_core, &FakeServerCore::requestReceived, this, &FakeLlmServer::requestReceived);
    m_thread.start();
    QMetaObject::invokeMethod(m_core, "listen", Qt::BlockingQueuedConnection, Q_RETURN_ARG(bool, m_listening),
                              Q_ARG(quint16, port));
    m_port = m_core->port();
    m_errorString = m_core->errorString();
}

FakeLlmServer::~FakeLlmServer()
{
    QMetaObject::invokeMethod(m_core, "close", Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

QString FakeLlmServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_port);
}

LlmSettings FakeLlmServer::clientSettings() const
{
    LlmSettings s;
    s.baseUrl = baseUrl();
    s.apiKey = QStringLiteral("sk-test-fake-key");
    s.chatModel = QStringLiteral("fake-chat");
    s.embeddingModel = QStringLiteral("fake-embed");
    s.connectTimeoutMs = 10000;
    // The idle timer restarts as each read arrives, before the client works through it: in an
    // unoptimised sanitizer build a megabyte reply's reads took over 10 s to work through
    // (runawayReplyIsCutKeptAndMarked, clang -O0 ASan). A test about silence sets its own.
    s.idleTimeoutMs = 30000;
    s.requestTimeoutMs = 30000;
    s.maxRetries = 3;
    s.retryBaseDelayMs = 20;
    s.retryMaxDelayMs = 100;
    s.maxRetryAfterMs = 5000;
    return s;
}

void FakeLlmServer::enqueue(const FakeReply& reply)
{
    enqueue(FakeMatch::any(), reply);
}

void FakeLlmServer::enqueue(const FakeMatcher& matcher, const FakeReply& reply)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->queue.append({matcher, reply});
}

int FakeLlmServer::pendingReplies() const
{
    QMutexLocker lock(&m_state->mutex);
    return static_cast<int>(m_state->queue.size());
}

void FakeLlmServer::clearQueue()
{
    QMutexLocker lock(&m_state->mutex);
    m_state->queue.clear();
}

void FakeLlmServer::setRequiredApiKey(const QString& key)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->requiredKey = key;
}

void FakeLlmServer::setRejectResponseFormat(bool reject)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->rejectResponseFormat = reject;
}

void FakeLlmServer::setRejectStreamOptions(bool reject)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->rejectStreamOptions = reject;
}

void FakeLlmServer::setModels(const QStringList& ids)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->options.models = ids;
}

void FakeLlmServer::setPoseAsOllama(bool pose)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->options.poseAsOllama = pose;
}

void FakeLlmServer::setRejectUnknownModels(bool reject)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->rejectUnknownModels = reject;
}

void FakeLlmServer::setEmbeddingSynonyms(const QHash<QString, QString>& synonyms)
{
    // Keyed by search token, as the text is split when it is embedded.
    QHash<QString, QString> tokens;
    for (auto it = synonyms.constBegin(); it != synonyms.constEnd(); ++it) {
        const QStringList from = SearchTokenizer::tokenize(it.key());
        const QStringList to = SearchTokenizer::tokenize(it.value());
        if (!from.isEmpty() && !to.isEmpty())
            tokens.insert(from.first(), to.first());
    }
    QMutexLocker lock(&m_state->mutex);
    m_state->options.embeddingSynonyms = tokens;
}

void FakeLlmServer::setDefaultPacing(int chunkBytes, int delayMs)
{
    QMutexLocker lock(&m_state->mutex);
    m_state->options.defaultChunkBytes = chunkBytes;
    m_state->options.defaultChunkDelayMs = delayMs;
}

QList<RecordedRequest> FakeLlmServer::requests() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->requests;
}

int FakeLlmServer::requestCount() const
{
    QMutexLocker lock(&m_state->mutex);
    return static_cast<int>(m_state->requests.size());
}

int FakeLlmServer::requestCount(const FakeMatcher& matcher) const
{
    const QList<RecordedRequest> all = requests();
    return static_cast<int>(std::count_if(all.begin(), all.end(), matcher));
}

RecordedRequest FakeLlmServer::lastRequest() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->requests.isEmpty() ? RecordedRequest() : m_state->requests.last();
}

void FakeLlmServer::clearRequests()
{
    QMutexLocker lock(&m_state->mutex);
    m_state->requests.clear();
}

int FakeLlmServer::abortedResponses() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->aborted;
}

int FakeLlmServer::completedResponses() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->completed;
}

int FakeLlmServer::droppedResponses() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->dropped;
}

QList<float> FakeLlmServer::embeddingFor(const QString& text, int dimensions)
{
    return hashedEmbedding(text, dimensions);
}

} // namespace engram::test
