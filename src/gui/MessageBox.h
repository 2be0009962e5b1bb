#pragma once

#include <QString>

#include <optional>

class QWidget;

namespace engram {

// Modal questions and notices, with a seam for full-window tests (as in KeePassXC): a test
// queues the next answer and nothing is shown, so no test ever blocks on a dialog.
class MessageBox final
{
public:
    // Asks before something that cannot be undone; true when the user chose `acceptText`.
    static bool confirm(QWidget* parent, const QString& title, const QString& text, const QString& informative,
                        const QString& acceptText);
    static void warning(QWidget* parent, const QString& title, const QString& text, const QString& informative = {});
    // Help → About: rich text, the application's icon.
    static void about(QWidget* parent, const QString& title, const QString& text);
    static void information(QWidget* parent, const QString& title, const QString& text,
                            const QString& informative = {});

    // Tests: the next confirm() returns `answer` without showing anything.
    static void setNextAnswer(bool answer);
    // Tests: warnings are recorded instead of shown.
    static void setTestMode(bool on);
    // The text of the last dialog shown or answered through the seam.
    static QString lastText();

private:
    static std::optional<bool> s_nextAnswer;
    static bool s_testMode;
    static QString s_lastText;
};

} // namespace engram
