#include "FakeLlmServer.h"

#include "FakeHttpConnection.h"
#include "FakeLlmContent.h"

#include <QTcpSocket>

namespace engram::test {

FakeLlmServer::FakeLlmServer(quint16 port, QObject* parent)
    : QObject(parent)
    , m_options(std::make_unique<FakeServerOptions>())
{
    qRegisterMetaType<RecordedRequest>();
    connect(&m_server, &QTcpServer::newConnection, this, &FakeLlmServer::onNewConnection);
    m_server.listen(QHostAddress::LocalHost, port);
}

FakeLlmServer::~FakeLlmServer()
{
    // Connections are children; close them before the listening socket goes.
    const auto connections = findChildren<FakeHttpConnection*>(QString(), Qt::FindDirectChildrenOnly);
    for (FakeHttpConnection* c : connections)
        delete c;
}

QString FakeLlmServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

LlmSettings FakeLlmServer::clientSettings() const
{
    LlmSettings s;
    s.baseUrl = baseUrl();
    s.apiKey = QStringLiteral("sk-test-fake-key");
    s.chatModel = QStringLiteral("fake-chat");
    s.embeddingModel = QStringLiteral("fake-embed");
    s.connectTimeoutMs = 10000;
    s.idleTimeoutMs = 10000;
    s.requestTimeoutMs = 20000;
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
    m_queue.append({matcher, reply});
}

void FakeLlmServer::setRequiredApiKey(const QString& key)
{
    m_requiredKey = key;
}

void FakeLlmServer::setRejectResponseFormat(bool reject)
{
    m_rejectResponseFormat = reject;
}

void FakeLlmServer::setRejectStreamOptions(bool reject)
{
    m_rejectStreamOptions = reject;
}

void FakeLlmServer::setModels(const QStringList& ids)
{
    m_options->models = ids;
}

void FakeLlmServer::setRejectUnknownModels(bool reject)
{
    m_rejectUnknownModels = reject;
}

void FakeLlmServer::setDefaultPacing(int chunkBytes, int delayMs)
{
    m_options->defaultChunkBytes = chunkBytes;
    m_options->defaultChunkDelayMs = delayMs;
}

int FakeLlmServer::requestCount(const FakeMatcher& matcher) const
{
    return static_cast<int>(std::count_if(m_requests.begin(), m_requests.end(), matcher));
}

QList<float> FakeLlmServer::embeddingFor(const QString& text, int dimensions)
{
    return hashedEmbedding(text, dimensions);
}

void FakeLlmServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server.nextPendingConnection())
        new FakeHttpConnection(socket, *this);
}

FakeReply FakeLlmServer::replyFor(const RecordedRequest& request)
{
    if (!m_requiredKey.isEmpty() && request.header("authorization") != "Bearer " + m_requiredKey.toUtf8()) {
        return FakeReply::error(401, QStringLiteral("Incorrect API key provided."),
                                QStringLiteral("invalid_request_error"), QStringLiteral("invalid_api_key"));
    }
    for (qsizetype i = 0; i < m_queue.size(); ++i) {
        if (m_queue[i].matcher(request))
            return m_queue.takeAt(i).reply;
    }
    if ((request.isChat() || request.isEmbeddings()) && !request.json.is_object())
        return FakeReply::error(400, QStringLiteral("We could not parse the JSON body of your request."));
    if (m_rejectResponseFormat && request.json.contains("response_format"))
        return FakeReply::error(400, QStringLiteral("Unrecognized request argument supplied: response_format"),
                                QStringLiteral("invalid_request_error"));
    if (m_rejectStreamOptions && request.json.contains("stream_options"))
        return FakeReply::error(400, QStringLiteral("Unrecognized request argument supplied: stream_options"),
                                QStringLiteral("invalid_request_error"));
    if (m_rejectUnknownModels && (request.isChat() || request.isEmbeddings()) &&
        !m_options->models.contains(request.model()))
        return FakeReply::error(404, QStringLiteral("The model `%1` does not exist").arg(request.model()),
                                QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"));
    return FakeReply::defaultReply();
}

void FakeLlmServer::handle(FakeHttpConnection* connection, const RecordedRequest& request)
{
    m_requests.append(request);
    const FakeReply reply = replyFor(request);
    const FakeResponse response =
        FakeResponseBuilder::build(reply, request, *m_options, static_cast<int>(m_requests.size()));
    Q_EMIT requestReceived(request);
    connection->respond(response);
}

void FakeLlmServer::responseEnded(Ending ending)
{
    switch (ending) {
    case Ending::Completed:
        ++m_completed;
        break;
    case Ending::Dropped:
        ++m_dropped;
        break;
    case Ending::AbortedByClient:
        ++m_aborted;
        break;
    }
}

} // namespace engram::test
