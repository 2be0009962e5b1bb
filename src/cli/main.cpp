#include "CliApp.h"
#include "core/FileSafety.h"

#include <QCoreApplication>
#include <QLoggingCategory>

int main(int argc, char* argv[])
{
    engram::files::restrictNewFiles();
    QCoreApplication app(argc, argv);
    // The same names as the desktop app, so both find the same database by default.
    QCoreApplication::setApplicationName(QStringLiteral("engram"));
    QCoreApplication::setOrganizationName(QStringLiteral("engram"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ENGRAM_VERSION));
    // Progress chatter stays out of a script's stderr; QT_LOGGING_RULES still overrides this.
    QLoggingCategory::setFilterRules(QStringLiteral("engram.*.debug=false\nengram.*.info=false"));
    return engram::cli::CliApp().run(QCoreApplication::arguments());
}
