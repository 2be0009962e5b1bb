#include "FakeServerState.h"

#include <QMutexLocker>

namespace engram::test {

FakeReply FakeServerState::answer(const RecordedRequest& request)
{
    QMutexLocker lock(&mutex);
    requests.append(request);
    if (!requiredKey.isEmpty() && request.header("authorization") != "Bearer " + requiredKey.toUtf8()) {
        return FakeReply::error(401, QStringLiteral("Incorrect API key provided."),
                                QStringLiteral("invalid_request_error"), QStringLiteral("invalid_api_key"));
    }
    for (qsizetype i = 0; i < queue.size(); ++i) {
        if (queue[i].matcher(request))
            return queue.takeAt(i).reply;
    }
    return defaultAnswer(request);
}

FakeReply FakeServerState::defaultAnswer(const RecordedRequest& request) const
{
    if ((request.isChat() || request.isEmbeddings()) && !request.json.is_object())
        return FakeReply::error(400, QStringLiteral("We could not parse the JSON body of your request."));
    if (rejectResponseFormat && request.json.contains("response_format"))
        return FakeReply::error(400, QStringLiteral("Unrecognized request argument supplied: response_format"),
                                QStringLiteral("invalid_request_error"));
    if (rejectStreamOptions && request.json.contains("stream_options"))
        return FakeReply::error(400, QStringLiteral("Unrecognized request argument supplied: stream_options"),
                                QStringLiteral("invalid_request_error"));
    if (rejectUnknownModels && (request.isChat() || request.isEmbeddings()) &&
        !options.models.contains(request.model()))
        return FakeReply::error(404, QStringLiteral("The model `%1` does not exist").arg(request.model()),
                                QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found"));
    return FakeReply::defaultReply();
}

void FakeServerState::ended(Ending ending)
{
    QMutexLocker lock(&mutex);
    switch (ending) {
    case Ending::Completed:
        ++completed;
        break;
    case Ending::Dropped:
        ++dropped;
        break;
    case Ending::AbortedByClient:
        ++aborted;
        break;
    }
}

} // namespace engram::test
