#pragma once

#include <QMessageBox>

namespace engram {

// The questions and warnings the GUI puts to the user, behind one seam so tests can answer them
// without a modal loop (KeePassXC's MessageBox::setNextAnswer pattern).
class MessageBoxes final
{
public:
    MessageBoxes() = delete;

    static QMessageBox::StandardButton question(QWidget* parent, const QString& title, const QString& text,
                                                QMessageBox::StandardButtons buttons = QMessageBox::Yes |
                                                                                       QMessageBox::No,
                                                QMessageBox::StandardButton defaultButton = QMessageBox::No);
    static void warning(QWidget* parent, const QString& title, const QString& text);
    static void information(QWidget* parent, const QString& title, const QString& text);
    // Why something the user needs cannot go on (the app cannot start).
    static void critical(QWidget* parent, const QString& title, const QString& text);
    // A question whose standard buttons carry the words of the choices, e.g. Yes = "Restore the
    // newest good backup"; tests answer it with setNextAnswer(Yes) like any other.
    static QMessageBox::StandardButton choose(QWidget* parent, const QString& title, const QString& text,
                                              const QList<QPair<QMessageBox::StandardButton, QString>>& choices,
                                              QMessageBox::StandardButton defaultButton);

    // Tests: the next box returns `answer` without being shown.
    static void setNextAnswer(QMessageBox::StandardButton answer);
    // Tests: every box without a next answer returns `answer` unseen; NoButton shows them again.
    static void setDefaultAnswer(QMessageBox::StandardButton answer);
    // Tests: the text of the most recent box, shown or answered; clearLastText() forgets it.
    static QString lastText();
    static void clearLastText();

private:
    static QMessageBox::StandardButton ask(QWidget* parent, QMessageBox::Icon icon, const QString& title,
                                           const QString& text, QMessageBox::StandardButtons buttons,
                                           QMessageBox::StandardButton defaultButton,
                                           const QList<QPair<QMessageBox::StandardButton, QString>>& labels = {});
};

} // namespace engram
