// fake-llm-server: FakeLlmServer as a program, for trying the app or the CLI without a model.
//   fake-llm-server --port 8089        then  LLM_BASE_URL=http://127.0.0.1:8089/v1 engram
#include "FakeLlmServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("fake-llm-server"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A local OpenAI-compatible test server: echoes chat, answers extraction with empty JSON, "
                       "returns hashed embeddings."));
    parser.addHelpOption();
    const QCommandLineOption portOption(QStringLiteral("port"), QStringLiteral("Port to listen on (0: any free port)."),
                                        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption keyOption(QStringLiteral("api-key"), QStringLiteral("Answer 401 unless this key is sent."),
                                       QStringLiteral("KEY"));
    const QCommandLineOption chunkOption(QStringLiteral("chunk-bytes"),
                                         QStringLiteral("Send replies in pieces of N bytes."), QStringLiteral("N"),
                                         QStringLiteral("0"));
    const QCommandLineOption delayOption(QStringLiteral("delay-ms"),
                                         QStringLiteral("Pause between pieces, in milliseconds."), QStringLiteral("MS"),
                                         QStringLiteral("0"));
    parser.addOptions({portOption, keyOption, chunkOption, delayOption});
    parser.process(app);

    bool ok{};
    const uint port = parser.value(portOption).toUInt(&ok);
    QTextStream err(stderr);
    if (!ok || port > 65535) {
        err << "fake-llm-server: --port must be a number from 0 to 65535\n";
        return 2;
    }
    engram::test::FakeLlmServer server(static_cast<quint16>(port));
    if (!server.isListening()) {
        err << "fake-llm-server: cannot listen on port " << port << ": " << server.errorString() << '\n';
        return 1;
    }
    server.setRequiredApiKey(parser.value(keyOption));
    server.setDefaultPacing(parser.value(chunkOption).toInt(), parser.value(delayOption).toInt());
    QTextStream(stdout) << server.baseUrl() << Qt::endl;
    return app.exec();
}
