#include "storage/Database.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("engram"));
    QCoreApplication::setOrganizationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Engram memory from the command line."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.process(app);
    QTextStream(stdout) << "database: " << engram::Database::defaultPath() << '\n';
    return 0;
}
